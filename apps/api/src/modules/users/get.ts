import type { ActionArgs } from '../action-args.ts';
import { assertManagesUsers, findVisibleUser, toUserDetail } from './internal.ts';

/** One user for the edit dialog. */
export async function getUser({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertManagesUsers(actor);
  return { user: toUserDetail(actor, await findVisibleUser(ctx, actor, input.id)) };
}
