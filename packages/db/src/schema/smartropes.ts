import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ropes } from './hierarchy.ts';

export const smartropes = pgTable(
  'smartropes',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 255 }).notNull(),
    /** Fabrication number. */
    uuid: varchar({ length: 64 }).notNull().unique(),
    ropeId: integer().references(() => ropes.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Its client on the MQTT broker (dynamic security), once provisioned; the password is never stored. */
    brokerUsername: varchar({ length: 64 }),
    /** False once its broker client was disabled (revoked); new credentials enable it again. */
    brokerEnabled: boolean().notNull().default(false),
  },
  (t) => [index().on(t.ropeId)],
);

export const smartropeSensors = pgTable(
  'smartrope_sensors',
  {
    id: serial().primaryKey(),
    smartropeId: integer()
      .notNull()
      .references(() => smartropes.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    unit: varchar({ length: 32 }).notNull().default(''),
  },
  (t) => [index().on(t.smartropeId)],
);

export const smartropeEvents = pgTable(
  'smartrope_events',
  {
    id: serial().primaryKey(),
    smartropeId: integer()
      .notNull()
      .references(() => smartropes.id, { onDelete: 'cascade' }),
    sensorName: varchar({ length: 255 }).notNull(),
    type: varchar({ length: 32 }).notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    attributes: jsonb().$type<{ isAcknowledged?: boolean; comment?: string }>().notNull().default({}),
  },
  // A device that delivers an event again (same sensor, same time) finds it instead of adding a second.
  (t) => [uniqueIndex().on(t.smartropeId, t.occurredAt, t.sensorName)],
);

export const smartropeMeasurements = pgTable(
  'smartrope_measurements',
  {
    eventId: integer()
      .notNull()
      .references(() => smartropeEvents.id, { onDelete: 'cascade' }),
    ts: timestamp({ withTimezone: true }).notNull(),
    value: doublePrecision().notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.ts] })],
);
