import { type ActionArgs, findVisibleUser, toUserDetail } from './internal.ts';

export async function getUser({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  return { user: toUserDetail(actor, await findVisibleUser(ctx, actor, input.id)) };
}
