import { ropes } from '@rope/db/schema/index';
import type { NotificationStatus } from '@rope/domain/notifications/schemas';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';

/** The rope's own mutes: a rule is muted for a rope when the installation or the rope says so. */
export async function updateRopeStatus({
  ctx,
  actor,
  input,
}: ActionArgs<{ id: number; notificationStatus: NotificationStatus }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const { rope, installation, area } = await findRope(ctx, actor, input.id);
  assertWritable([rope, installation, area]);
  const { notificationStatus } = input;
  await ctx.db.update(ropes).set({ notificationStatus }).where(eq(ropes.id, rope.id));
  return { notificationStatus };
}
