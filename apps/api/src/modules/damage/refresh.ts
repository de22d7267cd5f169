import type { Db } from '@rope/db/client';
import type { NotificationSettings } from '@rope/domain/notifications/schemas';
import { healthTone } from '@rope/domain/ropes/gauge';
import type { RopeDamages } from '@rope/domain/ropes/schemas';
import type { AppContext } from '../../context.ts';
import { randomToken } from '../../infra/crypto.ts';
import { enqueueHealthTrigger, hasNotificationRules } from '../notification-triggers/index.ts';
import { emitWebhookEvent, linksOf } from '../webhooks/index.ts';
import { recomputeRopeDamageChange } from './recompute.ts';

/**
 * Recomputes the rope's stored damage in the caller's transaction and, when it changed on an installation with
 * notification rules, asks for the health rules to be evaluated; when its health crossed into another band (or
 * into or out of unknown), says so to the mandator's webhooks. Answers whether the stored damage changed.
 */
export async function refreshRopeDamage(
  tx: Db,
  ctx: Pick<AppContext, 'queue' | 'env'>,
  ropeId: number,
  installation: { notificationSettings: NotificationSettings | null },
): Promise<boolean> {
  const { changed, before, after } = await recomputeRopeDamageChange(tx, ropeId);
  if (changed && after && hasNotificationRules(installation)) await enqueueHealthTrigger(tx, ctx, ropeId, after.health);
  if (changed && after) await emitLimitCrossed(tx, ctx, ropeId, before, after);
  return changed;
}

async function emitLimitCrossed(
  tx: Db,
  ctx: Pick<AppContext, 'queue' | 'env'>,
  ropeId: number,
  before: RopeDamages | null,
  after: RopeDamages,
) {
  const from = healthTone(before);
  const to = healthTone(after);
  if (from === to) return;
  await emitWebhookEvent(tx, ctx, {
    type: 'rope.limit_crossed',
    key: `${ropeId}:${randomToken(12)}`,
    place: { ropeId },
    objects: {
      damage: {
        id: ropeId,
        from,
        to,
        status: after.status,
        damage: after.damage,
        health: after.health,
        standard: after.standard,
        missingInputs: after.missingInputs,
        links: linksOf(ctx, { api: `/ropes/${ropeId}/events/damage` }),
      },
    },
  });
}
