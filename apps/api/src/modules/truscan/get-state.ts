import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/internal.ts';
import { loadTruscanState } from './state.ts';

/** The panel's state for whoever sees the rope. */
export async function getTruscanState({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const { rope } = await findRope(ctx, actor, input.ropeId);
  return loadTruscanState(ctx.db, rope.id);
}
