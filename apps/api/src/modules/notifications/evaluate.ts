import type { Db } from '@rope/db/client';
import { notificationRuleStates } from '@rope/db/schema/index';
import { evaluateRules, type FiredRule, type RuleState } from '@rope/domain/notifications/rules';
import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import type { NotificationTrigger } from '@rope/domain/notifications/triggers';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documentName, loadPlace, type Place } from './load-place.ts';
import { writeNotification } from './write-notification.ts';

type Ctx = Pick<AppContext, 'db' | 'queue' | 'env'>;

/**
 * Evaluates the installation's rules for one trigger: in one transaction, the fired notifications with their deliveries and deliver jobs, and the
 * rope's new rule states. Health is read from the rope as stored now rather than from the payload: triggers of
 * one rope may be processed out of order, and arming must follow the rope's real state.
 */
export async function evaluateTrigger(ctx: Ctx, trigger: NotificationTrigger) {
  await ctx.db.transaction(async (tx) => {
    const place = await loadPlace(tx, trigger);
    const settings = place?.installation.settings;
    if (!place || !settings?.rules.length || isArchived(place)) return;
    const { installation, rope } = place;
    const states = rope ? await loadStates(tx, installation.id, rope.id) : new Map<string, RuleState>();
    const status = [...installation.status, ...(rope?.status ?? [])];
    const evaluation = evaluateRules(installation.id, settings, status, domainTrigger(trigger, place), states);
    for (const fired of evaluation.fired) {
      await writeNotification(tx, ctx, {
        installationId: installation.id,
        areaId: installation.areaId,
        mandatorId: installation.mandatorId,
        ropeId: rope?.id ?? null,
        type: fired.type,
        threshold: fired.threshold ?? null,
        details: await detailsOf(tx, trigger, place, fired),
        idempotencyKey: fired.idempotencyKey,
        channels: settings.channels,
        userIds: settings.users,
      });
    }
    if (rope) await saveStates(tx, installation.id, rope.id, evaluation.states);
  });
}

const isArchived = ({ installation, rope }: Place) =>
  installation.isDeleted || installation.areaDeleted || Boolean(rope?.isDeleted);

function domainTrigger(trigger: NotificationTrigger, { rope }: Place): NotificationTrigger {
  switch (trigger.kind) {
    case 'health':
      // The rope's damage as it is now; an unknown damage stays unknown (null), it never falls back to the trigger's.
      return { ...trigger, health: rope?.damages ? rope.damages.health : trigger.health };
    default:
      return trigger;
  }
}

async function detailsOf(
  tx: Db,
  trigger: NotificationTrigger,
  { installation, rope }: Place,
  fired: FiredRule,
): Promise<NotificationTextInput> {
  const place = { installationName: installation.name, ropeName: rope?.name ?? null };
  if (fired.type === 'ropeHealth' || fired.type === 'smartropeThreshold') {
    return { ...place, type: fired.type, threshold: fired.threshold ?? 0, value: fired.value ?? 0 };
  }
  if (trigger.kind === 'document') {
    return { ...place, type: 'newDocument', documentName: await documentName(tx, trigger.id) };
  }
  if (trigger.kind === 'event') {
    return { ...place, type: 'event', recordingType: trigger.recordingType, eventType: trigger.type };
  }
  return { ...place, type: 'event', recordingType: fired.type, eventType: fired.type };
}

async function loadStates(tx: Db, installationId: number, ropeId: number) {
  const rows = await tx
    .select({ ruleType: notificationRuleStates.ruleType, isArmed: notificationRuleStates.isArmed })
    .from(notificationRuleStates)
    .where(and(eq(notificationRuleStates.installationId, installationId), eq(notificationRuleStates.ropeId, ropeId)));
  return new Map(rows.map((row) => [row.ruleType, { isArmed: row.isArmed }]));
}

async function saveStates(
  tx: Db,
  installationId: number,
  ropeId: number,
  states: { ruleType: string; isArmed: boolean; value: number }[],
) {
  for (const state of states) {
    await tx
      .insert(notificationRuleStates)
      .values({ installationId, ropeId, ruleType: state.ruleType, isArmed: state.isArmed, lastValue: state.value })
      .onConflictDoUpdate({
        target: [notificationRuleStates.installationId, notificationRuleStates.ropeId, notificationRuleStates.ruleType],
        set: { isArmed: state.isArmed, lastValue: state.value, updatedAt: sql`now()` },
      });
  }
}
