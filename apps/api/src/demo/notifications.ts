import type { Db } from '@rope/db/client';
import { installations, notificationDeliveries, notificationRuleStates, notifications } from '@rope/db/schema/index';
import type { NotificationRule, NotificationSettings, NotificationStatus } from '@rope/domain/notifications/schemas';
import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import { notificationKey } from '@rope/domain/notifications/triggers';
import { eq } from 'drizzle-orm';
import { notificationText } from '../mail/notification-texts.ts';
import type { DemoPeople } from './accounts.ts';
import type { DemoEvent } from './events.ts';
import type { DemoHierarchy, DemoInstallation, DemoRope } from './hierarchy.ts';
import { DAY, type Rng, round } from './random.ts';
import type { SmartropeAlert } from './smartropes.ts';

interface Pending {
  installation: DemoInstallation;
  rope: DemoRope | null;
  type: string;
  threshold: number | null;
  /** What it says, as data: each reader gets it in their language, as a live notification. */
  details: NotificationTextInput;
  at: number;
  /** The key a live trigger would write, where the notification status reads the trigger back from it. */
  idempotencyKey?: string;
}

export async function insertNotifications(
  db: Db,
  rng: Rng,
  h: DemoHierarchy,
  people: DemoPeople,
  events: DemoEvent[],
  alerts: SmartropeAlert[],
  ref: number,
): Promise<number> {
  const settingsOf = new Map<number, NotificationSettings>();
  for (const [i, inst] of h.installations.entries()) {
    const hasSmartrope = alerts.some((a) => a.rope.installation === inst);
    // Every other installation has notifications set up, and every one a smartrope hangs in (its operator's point).
    if (i % 2 !== 0 && !hasSmartrope) continue;
    const isRopeway = inst.attributes.installationType === 'ropeway';
    const rules: NotificationRule[] = [
      { type: 'ropeHealth', threshold: 50, reset: true },
      { type: 'newDocument', reset: true },
      { type: 'damage', reset: true },
    ];
    if (isRopeway) rules.push({ type: 'mrtInspection', reset: true });
    if (inst.ropes.some((r) => r.spliced)) rules.push({ type: 'spliceInspection', reset: true });
    if (hasSmartrope) rules.push({ type: 'smartropeThreshold', threshold: 800, reset: false });
    const staff = people.clientsByMandator[inst.mandator] ?? [];
    const settings: NotificationSettings = {
      channels: i % 4 === 0 ? ['email', 'sms'] : ['email'],
      users: staff.slice(0, 2 + (i % 3 === 0 ? 1 : 0)),
      rules,
    };
    const status: NotificationStatus = rules.map((r) => ({
      type: r.type,
      isEnabled: !(r.type === 'newDocument' && i % 6 === 0),
    }));
    await db
      .update(installations)
      .set({ notificationSettings: settings, notificationStatus: status })
      .where(eq(installations.id, inst.id));
    settingsOf.set(inst.id, settings);
  }

  const pending: Pending[] = [];
  const wants = (inst: DemoInstallation, type: string) =>
    settingsOf.get(inst.id)?.rules.some((r) => r.type === type) ?? false;
  for (const e of events) {
    const inst = e.rope.installation;
    const recent = e.occurredAt > ref - 150 * DAY;
    if (!recent) continue;
    const type =
      e.attributes.recordingType === 'damage' && e.attributes.type !== 'repair' && e.attributes.type !== 'repairPiece'
        ? 'damage'
        : e.attributes.type;
    if (!wants(inst, type)) continue;
    pending.push({
      installation: inst,
      rope: e.rope,
      type,
      threshold: null,
      details: {
        installationName: inst.name,
        ropeName: e.rope.name,
        type: 'event',
        recordingType: e.attributes.recordingType,
        eventType: e.attributes.type,
      },
      at: e.occurredAt + 3 * 3_600_000,
    });
  }
  for (const rope of h.ropes) {
    if ((rope.targetUtilisation ?? 0) < 0.5 || !wants(rope.installation, 'ropeHealth')) continue;
    const health = Math.max(0, round(100 - 100 * (rope.targetUtilisation ?? 0)));
    pending.push({
      installation: rope.installation,
      rope,
      type: 'ropeHealth',
      threshold: 50,
      details: {
        installationName: rope.installation.name,
        ropeName: rope.name,
        type: 'ropeHealth',
        threshold: 50,
        value: health,
      },
      at: ref - rng.int(3, 60) * DAY,
    });
  }
  const disarmed = new Map<string, typeof notificationRuleStates.$inferInsert>();
  for (const alert of alerts) {
    if (!wants(alert.rope.installation, 'smartropeThreshold')) continue;
    const stateKey = `${alert.rope.installation.id}:${alert.rope.id}`;
    const state = disarmed.get(stateKey);
    if (state) {
      // Fired before and never re-armed (no reset): later peaks only move the last value seen.
      Object.assign(state, { lastValue: alert.value, updatedAt: new Date(alert.at) });
      continue;
    }
    pending.push({
      installation: alert.rope.installation,
      rope: alert.rope,
      type: 'smartropeThreshold',
      threshold: 800,
      details: {
        installationName: alert.rope.installation.name,
        ropeName: alert.rope.name,
        type: 'smartropeThreshold',
        threshold: 800,
        value: alert.value,
      },
      at: alert.at,
      idempotencyKey: notificationKey(alert.rope.installation.id, 'smartropeThreshold', {
        kind: 'smartrope',
        smartropeEventId: alert.eventId,
        measuredAt: new Date(alert.at).toISOString(),
        ropeId: alert.rope.id,
        value: alert.value,
      }),
    });
    // Without reset the rule fired once for this rope and stays quiet, as a live evaluation leaves it.
    disarmed.set(stateKey, {
      installationId: alert.rope.installation.id,
      ropeId: alert.rope.id,
      ruleType: 'smartropeThreshold',
      isArmed: false,
      lastValue: alert.value,
      updatedAt: new Date(alert.at),
    });
  }
  if (disarmed.size > 0) await db.insert(notificationRuleStates).values([...disarmed.values()]);
  // Numbered before sorting: the smartrope ones move with the load time, the others' keys stay as they are.
  pending.forEach((p, n) => {
    p.idempotencyKey ??= `demo-${n + 1}`;
  });
  pending.sort((a, b) => a.at - b.at);
  if (pending.length === 0) return 0;

  const rows = await db
    .insert(notifications)
    .values(
      pending.map((p) => ({
        installationId: p.installation.id,
        areaId: p.installation.areaId,
        ropeId: p.rope?.id ?? null,
        type: p.type,
        threshold: p.threshold,
        text: notificationText(p.details),
        details: p.details,
        idempotencyKey: p.idempotencyKey!,
        triggeredAt: new Date(p.at),
      })),
    )
    .returning({ id: notifications.id });
  const deliveries = pending.flatMap((p, n) => {
    const settings = settingsOf.get(p.installation.id)!;
    return settings.users.flatMap((userId) =>
      settings.channels.map((channel) => ({
        notificationId: rows[n]!.id,
        userId,
        channel,
        status: 'sent' as const,
        attempts: 1,
        sentAt: new Date(p.at + 60_000),
      })),
    );
  });
  for (let offset = 0; offset < deliveries.length; offset += 1000) {
    await db.insert(notificationDeliveries).values(deliveries.slice(offset, offset + 1000));
  }
  return rows.length;
}
