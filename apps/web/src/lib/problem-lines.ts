// Apart from field-problems.ts, which reads the messages' catalogue: the field queue's sync panel names fields with
// this alone, and the catalogue stays out of the rope page's first download.

export interface FieldProblem {
  /** Where in the body or file: ['attributes', 'nominalDiameter'], or the API's "rope.attributes.nominalDiameter". */
  path: readonly PropertyKey[] | string;
  /** What is wrong, in the user's language. */
  message: string;
}

/** The label of a field path, or undefined when the screen has none for it. */
export type FieldLabel = (path: readonly string[]) => string | undefined;

const BODY_PREFIXES = new Set(['body', 'querystring', 'params']);

function segments(path: FieldProblem['path']): string[] {
  const parts = typeof path === 'string' ? path.split('.').filter(Boolean) : path.map(String);
  return BODY_PREFIXES.has(parts[0] ?? '') ? parts.slice(1) : parts;
}

/**
 * "Nominal diameter: must be greater than 0": one line per field, named by its label as the form shows it; a field
 * without a label is named by its last readable segment rather than a technical path.
 */
export function problemLines(
  problems: readonly FieldProblem[],
  label: FieldLabel,
  line: (name: string, message: string) => string = (name, message) => `${name}: ${message}`,
): string[] {
  const lines: string[] = [];
  for (const problem of problems) {
    const parts = segments(problem.path);
    const name = label(parts) ?? [...parts].reverse().find((part) => !/^\d+$/.test(part));
    const text = name ? line(name, problem.message) : problem.message;
    if (!lines.includes(text)) lines.push(text);
  }
  return lines;
}
