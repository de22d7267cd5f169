import type { Db } from '@rope/db/client';
import type { NotificationSettings } from '@rope/domain/notifications/schemas';
import type { AppContext } from '../../context.ts';
import { enqueueHealthTrigger, hasNotificationRules } from '../notifications/index.ts';
import { recomputeRopeDamages } from './recompute.ts';

/**
 * Recomputes the rope's stored damage in the caller's transaction and, when it changed on an installation with
 * notification rules, asks for the health rules to be evaluated. Answers whether the stored damage changed.
 */
export async function refreshRopeDamage(
  tx: Db,
  ctx: Pick<AppContext, 'queue'>,
  ropeId: number,
  installation: { notificationSettings: NotificationSettings | null },
): Promise<boolean> {
  const changed = await recomputeRopeDamages(tx, ropeId);
  if (changed && hasNotificationRules(installation)) await enqueueHealthTrigger(tx, ctx, ropeId);
  return changed;
}
