import type { RopeEventAttributes } from '@rope/domain/events';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ropes } from './hierarchy.ts';

export const ropeEvents = pgTable(
  'rope_events',
  {
    id: serial().primaryKey(),
    ropeId: integer()
      .notNull()
      .references(() => ropes.id, { onDelete: 'cascade' }),
    /** Metres along the rope; null means the event concerns the whole rope ('Global'). */
    position: doublePrecision(),
    attributes: jsonb().$type<RopeEventAttributes>().notNull(),
    /** Copies of attributes.timestamp / recordingType / type, kept for indexes and sorting. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    recordingType: varchar({ length: 16 }).notNull(),
    type: varchar({ length: 32 }).notNull(),
    isDeleted: boolean().notNull().default(false),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ropeId, t.occurredAt), index().on(t.occurredAt)],
);

export const ropeEventHistory = pgTable(
  'rope_event_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    eventId: integer()
      .notNull()
      .references(() => ropeEvents.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 16 }).$type<'create' | 'update' | 'archive' | 'restore'>().notNull(),
    position: doublePrecision(),
    attributes: jsonb().$type<RopeEventAttributes>().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.eventId, t.changedAt)],
);
