import { ropes } from '@rope/db/schema/index';
import type { NotificationStatus } from '@rope/domain/notifications';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';

/** The rope's own mutes: a rule is muted for a rope when the installation or the rope says so. */
export async function updateRopeStatus({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: NotificationStatus;
}) {
  const { rope, installation, area } = await findRope(ctx, actor, id);
  assertWritable([rope, installation, area]);
  await ctx.db.update(ropes).set({ notificationStatus: input }).where(eq(ropes.id, rope.id));
  return input;
}
