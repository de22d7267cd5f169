import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/index.ts';
import { loadTruscanState } from './state.ts';

/** The panel's state for whoever sees the rope. */
export async function getTruscanState({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  return loadTruscanState(ctx.db, await visibleRopeId(ctx, actor, input.ropeId));
}
