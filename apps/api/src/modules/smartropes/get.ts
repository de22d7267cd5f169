import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findSmartrope } from './internal.ts';
import { loadSmartrope } from './load.ts';

/** One smartrope as the admin screens show it. */
export async function getSmartrope({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'SMARTROPE_MANAGE');
  const smartrope = await findSmartrope(ctx, actor, input.id);
  return { smartrope: await loadSmartrope(ctx.db, smartrope.id) };
}
