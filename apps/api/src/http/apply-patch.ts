import { changedKeys, MERGED_OBJECTS, mergePatch } from '@rope/domain/patch';
import type { z } from 'zod';
import { issueFields, validationError } from './app-error.ts';

/**
 * The one way a PATCH is applied: the sent fields are merged into the current write shape (attributes key by key),
 * the merged entity is validated with the domain schema, and the keys that really change are named. Fields the
 * client sent back unchanged (read-only or not) change nothing, so a GET body written back is always accepted.
 */
export function applyPatch<S extends z.ZodType>({
  entity,
  current,
  patch,
  schema,
  merged = MERGED_OBJECTS,
}: {
  /** The body's wrapper key, e.g. `ropeEvent`: error fields are named from it. */
  entity: string;
  current: Record<string, unknown>;
  patch: Record<string, unknown>;
  schema: S;
  merged?: readonly string[];
}): { value: z.output<S>; changed: string[] } {
  const result = schema.safeParse(mergePatch(current, patch, merged));
  if (!result.success) {
    throw validationError(issueFields(result.error.issues, (issue) => [entity, ...issue.path.map(String)].join('.')));
  }
  return { value: result.data, changed: changedKeys(current, result.data as Record<string, unknown>) };
}
