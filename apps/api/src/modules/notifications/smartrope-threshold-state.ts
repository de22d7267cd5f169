import {
  notificationRuleStates,
  notifications,
  ropes,
  smartropeEvents,
  smartropeMeasurements,
  smartropes,
} from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { smartropeTriggerOfKey } from '@rope/domain/notifications/triggers';
import type { SmartropeThresholdState } from '@rope/domain/notifications/views';
import { and, asc, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { notificationTextFor } from '../../mail/notification-texts.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from '../installations/index.ts';

const RULE = 'smartropeThreshold';

/** The smartropeThreshold rule's arming per rope and its last notification with the device that fired it. */
export async function smartropeThresholdState({
  ctx,
  actor,
  input,
  request,
}: ActionArgs<{ installationId: number; ropeId?: number }>): Promise<{ smartropeThreshold: SmartropeThresholdState }> {
  assertCan(actor, 'DOMAIN_READ');
  const { installation } = await findInstallation(ctx, actor, input.installationId);
  const onRope = input.ropeId === undefined ? undefined : eq(ropes.id, input.ropeId);
  const ropeRows = await ctx.db
    .select({
      id: ropes.id,
      name: ropes.name,
      isArmed: notificationRuleStates.isArmed,
      lastValue: notificationRuleStates.lastValue,
      updatedAt: notificationRuleStates.updatedAt,
    })
    .from(ropes)
    .leftJoin(
      notificationRuleStates,
      and(
        eq(notificationRuleStates.ropeId, ropes.id),
        eq(notificationRuleStates.installationId, installation.id),
        eq(notificationRuleStates.ruleType, RULE),
      ),
    )
    .where(
      and(
        eq(ropes.installationId, installation.id),
        eq(ropes.isDeleted, false),
        onRope,
        or(
          exists(ctx.db.select({ one: sql`1` }).from(smartropes).where(eq(smartropes.ropeId, ropes.id))),
          sql`${notificationRuleStates.ropeId} is not null`,
        ),
      ),
    )
    .orderBy(asc(ropes.ordering), asc(ropes.id));
  if (input.ropeId !== undefined && ropeRows.length === 0) await assertRopeOf(ctx, installation.id, input.ropeId);
  return {
    smartropeThreshold: {
      ropes: ropeRows.map((row) => ({
        rope: { id: row.id, name: row.name },
        isArmed: row.isArmed ?? true,
        lastValue: row.lastValue,
        updatedAt: row.updatedAt?.toISOString() ?? null,
      })),
      lastTrigger: await lastTrigger(ctx, installation.id, input.ropeId, request?.headers['accept-language']),
    },
  };
}

/** A rope of another installation answers like a missing one. */
async function assertRopeOf(ctx: AppContext, installationId: number, ropeId: number) {
  const [row] = await ctx.db
    .select({ id: ropes.id })
    .from(ropes)
    .where(and(eq(ropes.id, ropeId), eq(ropes.installationId, installationId)));
  if (!row) throw notFound(message('app.errors.noSuchRope'));
}

async function lastTrigger(
  ctx: AppContext,
  installationId: number,
  ropeId: number | undefined,
  language: string | undefined,
) {
  const [row] = await ctx.db
    .select({
      triggeredAt: notifications.triggeredAt,
      threshold: notifications.threshold,
      text: notifications.text,
      details: notifications.details,
      idempotencyKey: notifications.idempotencyKey,
      rope: { id: ropes.id, name: ropes.name },
    })
    .from(notifications)
    .leftJoin(ropes, eq(ropes.id, notifications.ropeId))
    .where(
      and(
        eq(notifications.installationId, installationId),
        eq(notifications.type, RULE),
        ropeId === undefined ? undefined : eq(notifications.ropeId, ropeId),
      ),
    )
    .orderBy(desc(notifications.triggeredAt), desc(notifications.id))
    .limit(1);
  if (!row) return null;
  return {
    triggeredAt: row.triggeredAt.toISOString(),
    threshold: row.threshold,
    rope: row.rope,
    text: notificationTextFor(row, language),
    device: row.rope ? await deviceOf(ctx, row.idempotencyKey, row.rope.id) : null,
  };
}

/** Only while the smartrope still hangs on the notification's rope: a smartrope moved to another tenant tells nothing. */
async function deviceOf(ctx: AppContext, idempotencyKey: string, ropeId: number) {
  const trigger = smartropeTriggerOfKey(idempotencyKey);
  if (!trigger) return null;
  const [row] = await ctx.db
    .select({
      smartrope: { id: smartropes.id, name: smartropes.name },
      sensorName: smartropeEvents.sensorName,
      value: smartropeMeasurements.value,
    })
    .from(smartropeEvents)
    .innerJoin(smartropes, eq(smartropes.id, smartropeEvents.smartropeId))
    .leftJoin(
      smartropeMeasurements,
      and(eq(smartropeMeasurements.eventId, smartropeEvents.id), eq(smartropeMeasurements.ts, trigger.measuredAt)),
    )
    .where(and(eq(smartropeEvents.id, trigger.smartropeEventId), eq(smartropes.ropeId, ropeId)));
  if (!row) return null;
  return { ...row, measuredAt: trigger.measuredAt.getTime() / 1000 };
}
