import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { areas, installations, ropes } from './hierarchy.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    installationId: integer()
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    areaId: integer()
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    ropeId: integer().references(() => ropes.id, { onDelete: 'cascade' }),
    type: varchar({ length: 32 }).notNull(),
    threshold: doublePrecision(),
    text: text().notNull(),
    /** What the text says, as data: each recipient's mail and SMS words it in their language. Null on notifications written before it was kept. */
    details: jsonb().$type<NotificationTextInput>(),
    /** The trigger that produced it; a trigger processed twice notifies once. */
    idempotencyKey: varchar({ length: 200 }).notNull().unique(),
    triggeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.installationId, t.triggeredAt), index().on(t.triggeredAt)],
);

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial().primaryKey(),
    notificationId: integer()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: varchar({ length: 8 }).$type<'email' | 'sms'>().notNull(),
    status: varchar({ length: 16 }).$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.notificationId), index().on(t.status)],
);

/** Arming state of threshold rules per rope: a rule fires once when crossed and re-arms on recovery. */
export const notificationRuleStates = pgTable(
  'notification_rule_states',
  {
    installationId: integer()
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    ropeId: integer()
      .notNull()
      .references(() => ropes.id, { onDelete: 'cascade' }),
    ruleType: varchar({ length: 32 }).notNull(),
    isArmed: boolean().notNull().default(true),
    lastValue: doublePrecision(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.installationId, t.ropeId, t.ruleType] })],
);

/** Jobs written in the same transaction as the change that causes them, relayed to the queue after commit. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    queue: varchar({ length: 64 }).notNull(),
    name: varchar({ length: 64 }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    idempotencyKey: varchar({ length: 200 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Earliest time of the next attempt (retry backoff). */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A claim by one process; expired claims are taken over, so a crash loses nothing. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** Processed (inline) or handed to the job queue (BullMQ). */
    dispatchedAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lastError: text(),
  },
  (t) => [
    index().on(t.queue, t.dispatchedAt, t.availableAt),
    // The rows not yet handed over, a handful, apart from the month of rows handed over: every claim and count reads
    // only these (apps/api/src/infra/queue/outbox.ts).
    index('outbox_pending_index').on(t.id).where(sql`${t.dispatchedAt} is null and ${t.failedAt} is null`),
  ],
);

export const smsOutbox = pgTable('sms_log', {
  id: serial().primaryKey(),
  phone: varchar({ length: 45 }).notNull(),
  text: text().notNull(),
  meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
