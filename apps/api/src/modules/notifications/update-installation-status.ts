import { installations } from '@rope/db/schema/index';
import type { NotificationStatus } from '@rope/domain/notifications';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { assertWritable, findInstallation } from '../hierarchy/scope.ts';

/** Mutes or unmutes the installation's rules; a muted rule fires nothing but keeps following the values. */
export async function updateInstallationStatus({
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
  const { installation, area } = await findInstallation(ctx, actor, id);
  assertWritable([installation, area]);
  await ctx.db.update(installations).set({ notificationStatus: input }).where(eq(installations.id, installation.id));
  return input;
}
