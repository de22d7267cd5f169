import { installations } from '@rope/db/schema/index';
import type { NotificationStatus } from '@rope/domain/notifications/schemas';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';

/** Mutes or unmutes the installation's rules; a muted rule fires nothing but keeps following the values. */
export async function updateInstallationStatus({
  ctx,
  actor,
  input,
}: ActionArgs<{ id: number; notificationStatus: NotificationStatus }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const { installation, area } = await findInstallation(ctx, actor, input.id);
  assertWritable([installation, area]);
  const { notificationStatus } = input;
  await ctx.db.update(installations).set({ notificationStatus }).where(eq(installations.id, installation.id));
  return { notificationStatus };
}
