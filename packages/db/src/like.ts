/**
 * A LIKE / ILIKE pattern matching text that contains the given words as typed: the wildcards % and _ and the
 * escape character (backslash, PostgreSQL's default) in them match themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
