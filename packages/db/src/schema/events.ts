import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ropes } from './hierarchy.ts';

const DAMAGE_FIELDS = sql`case when recording_type = 'damage' and type not in ('repair', 'repairPiece') and position is not null then
  position::text || ',' ||
  coalesce(case when jsonb_typeof(attributes -> 'damageCount') = 'number' then attributes ->> 'damageCount' end, '0') || ',' ||
  coalesce(case when jsonb_typeof(attributes -> 'crossSectionLossAmount') = 'number' then attributes ->> 'crossSectionLossAmount' end, 'null') || ',' ||
  ((case when attributes ->> 'crossSectionLossUnit' = 'mm2' then 1 else 0 end) + (case when attributes ->> 'detection' = 'mrt' then 2 else 0 end))::text
end`;

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
    /**
     * 'position,count,lossAmount,flags' of a located damage (flags: 1 loss in mm², 2 found by MRT; null for any
     * other event), written by PostgreSQL
     * from the attributes: the damage chart of a rope with 50,000 events reads these instead of parsing 50,000
     * JSON documents. Which events are damages mirrors isDamage in the domain (a test keeps the two equal).
     */
    damageFields: text().generatedAlwaysAs(DAMAGE_FIELDS),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.ropeId, t.occurredAt),
    index().on(t.occurredAt),
    // A rope's newest live event with a measured count (loadRopeCycles in the API: reports, tasks, the due-task scan)
    // without reading every event's attributes: on a rope of 500 events 0.03 instead of 0.25 ms, and the old cost grew with them.
    index('rope_events_measured_cycles_index')
      .on(t.ropeId, t.occurredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isDeleted} = false and jsonb_typeof(${t.attributes} -> 'bendingCycles') = 'number'`),
  ],
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
