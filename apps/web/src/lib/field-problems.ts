import { issueMessage } from '@rope/domain/messages';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiError } from './api-client';
import { messageText, serverFieldText } from './messages';

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
export function problemLines(problems: readonly FieldProblem[], label: FieldLabel): string[] {
  const lines: string[] = [];
  for (const problem of problems) {
    const parts = segments(problem.path);
    const name = label(parts) ?? [...parts].reverse().find((part) => !/^\d+$/.test(part));
    const line = name ? `${name}: ${problem.message}` : problem.message;
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

/** A refused call's fields ({ "rope.attributes.x": ... }) as problems in the user's language. */
export function serverProblems(t: TFunction, error: ApiError & { fields: Record<string, string> }): FieldProblem[] {
  return Object.keys(error.fields).map((path) => ({ path, message: serverFieldText(t, error, path) }));
}

/** A zod issue of a domain schema in the user's language. */
export function issueText(t: TFunction, issue: z.core.$ZodIssue): string {
  return messageText(t, issueMessage(issue), issue.message);
}

/** The issues of a domain schema as problems in the user's language. */
export function issueProblems(t: TFunction, issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.map((issue) => ({ path: issue.path, message: issueText(t, issue) }));
}

// The trees of labels by their whole keys, so that the build sees which texts this code shows
// (build-plugins/texts-named.ts).
const ATTRIBUTE_LABELS = { installations: 'installations.attributes', ropes: 'ropes.attributes' } as const;

/**
 * Labels of an installation's or rope's settings: its name, its attributes as the settings dialog names them
 * (`<feature>.attributes.<key>`), and the settings file's own kind and version. The entity's own name in front
 * of the path ("rope.attributes.x", as the API answers) is skipped.
 */
export function settingsFieldLabel(
  t: TFunction,
  exists: (key: string) => boolean,
  feature: 'installations' | 'ropes',
  entity: 'installation' | 'rope',
): FieldLabel {
  return (path) => {
    const parts = path[0] === entity ? path.slice(1) : path;
    const [head, key] = parts;
    if (head === 'name') return t(`${ATTRIBUTE_LABELS[feature]}.name`);
    if (head === 'kind' || head === 'version') return t(`installations.settingsFile.fields.${head}`);
    if (head === 'attributes' && key) {
      const labelKey = `${ATTRIBUTE_LABELS[feature]}.${key}`;
      return exists(labelKey) ? t(labelKey as 'common.fields.name') : undefined;
    }
    return undefined;
  };
}
