import { issueMessage } from '@rope/domain/messages';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiError } from './api-client';
import { messageText, serverFieldText } from './messages';

import type { FieldLabel, FieldProblem } from './problem-lines';

export { type FieldLabel, type FieldProblem, problemLines } from './problem-lines';

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
