import type { WebhookMessageType } from '@rope/domain/webhooks/event-types';
import type { WebhookDeliveryStatus, WebhookPayload } from '@rope/domain/webhooks/schemas';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { mandators, users } from './accounts.ts';
import { sensors } from './sensors.ts';

const at = () => timestamp({ withTimezone: true });

/** Where a mandator's events are posted, signed per Standard Webhooks. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    mandatorId: integer()
      .notNull()
      .references(() => mandators.id, { onDelete: 'cascade' }),
    /** Who registered it: deliveries carry only what they may read, and they are told when it is disabled. */
    ownerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    url: varchar({ length: 2000 }).notNull(),
    description: varchar({ length: 255 }).notNull().default(''),
    eventTypes: jsonb().$type<string[]>().notNull(),
    /** The signing secret, sealed with the installation's key (never kept in clear). */
    secretSealed: text().notNull(),
    previousSecretSealed: text(),
    previousSecretExpiresAt: at(),
    enabled: boolean().notNull().default(true),
    disabledReason: varchar({ length: 16 }).$type<'manual' | 'failing'>(),
    disabledAt: at(),
    /** Held by the one process sending this endpoint's deliveries, so they go out one at a time and in order. */
    drainLeaseUntil: at(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.mandatorId)],
);

/** One event for one endpoint, with the body sent on every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt and resend. */
    messageId: varchar({ length: 64 }).notNull().unique(),
    /** The event it carries: one event makes one delivery per endpoint, however often it is processed. */
    eventKey: varchar({ length: 200 }).notNull(),
    eventType: varchar({ length: 64 }).$type<WebhookMessageType>().notNull(),
    payload: jsonb().$type<WebhookPayload>().notNull(),
    status: varchar({ length: 16 }).$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at(),
    lastStatusCode: integer(),
    lastError: text(),
    createdAt: at().notNull().defaultNow(),
    deliveredAt: at(),
  },
  (t) => [
    uniqueIndex().on(t.endpointId, t.eventKey),
    index().on(t.endpointId, t.status, t.id),
    index().on(t.createdAt),
  ],
);

/** One try of a delivery: what went out and what came back. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: at().notNull().defaultNow(),
    trigger: varchar({ length: 8 }).$type<'auto' | 'resend'>().notNull(),
    url: varchar({ length: 2000 }).notNull(),
    requestHeaders: jsonb().$type<Record<string, string>>().notNull(),
    statusCode: integer(),
    responseBody: text(),
    durationMs: integer().notNull(),
    error: text(),
  },
  (t) => [index().on(t.deliveryId)],
);

/**
 * How far a sensor's readings were checked against its plotlines for webhooks, and whether it was outside then: an
 * excursion is announced once, and a batch lost between its insert and its check is checked with the next one.
 */
export const sensorPlotlineStates = pgTable('sensor_plotline_states', {
  sensorId: integer()
    .primaryKey()
    .references(() => sensors.id, { onDelete: 'cascade' }),
  checkedUntil: timestamp({ withTimezone: true, precision: 6 }).notNull(),
  outside: boolean().notNull().default(false),
});
