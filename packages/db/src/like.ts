/** The text as a LIKE / ILIKE pattern of itself: the wildcards % and _ and the escape character (backslash,
 * PostgreSQL's default) match themselves. */
function literal(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE / ILIKE pattern matching text that contains the given words as typed. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/** A LIKE / ILIKE pattern matching text that starts with the given words as typed. */
export function prefixPattern(text: string): string {
  return `${literal(text)}%`;
}
