import { ropes } from '@rope/db/schema/index';
import { changedKeys, mergePatch } from '@rope/domain/patch';
import { type TruscanAttributes, truscanAttributesSchema } from '@rope/domain/ropes/schemas';
import type { truscanStateBodySchema } from '@rope/domain/truscan/schemas';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { issueFields, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { loadTruscanState, publishTruscanState } from './state.ts';

type Reported = z.output<typeof truscanStateBodySchema>['truscanAttributes'];

/**
 * A TRUscan reports its state (HTTP or MQTT): the keys it sends replace the stored ones, null removes one, the rest
 * stays. Open panels of the rope are told at once. An archived rope still hears from its device: the state is the
 * device's, not a record.
 */
export async function reportTruscanState({
  ctx,
  actor,
  input,
}: ActionArgs<{ ropeId: number; truscanAttributes: Reported }>) {
  assertCan(actor, 'DATA_IMPORT');
  const { rope } = await findRope(ctx, actor, input.ropeId);
  const current = rope.truscanAttributes as Record<string, unknown>;
  const merged = mergePatch({ state: current }, { state: input.truscanAttributes }, ['state']).state;
  const parsed = truscanAttributesSchema.safeParse(merged);
  if (!parsed.success) {
    throw validationError(
      issueFields(parsed.error.issues, (issue) => ['truscanAttributes', ...issue.path.map(String)].join('.')),
    );
  }
  const next: TruscanAttributes = parsed.data;
  if (
    changedKeys(current, next as Record<string, unknown>).length > 0 ||
    Object.keys(current).length !== Object.keys(next).length
  ) {
    await ctx.db.update(ropes).set({ truscanAttributes: next }).where(eq(ropes.id, rope.id));
    await publishTruscanState(ctx, rope.id);
  }
  return loadTruscanState(ctx.db, rope.id);
}
