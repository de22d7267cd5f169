import { customType, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { ropes } from './hierarchy.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The damage inputs of a rope packed in columns, sorted by position: what the damage chart reads instead of
 * aggregating 50,000 rows on every request. Written in the transaction that changed the rope's events (after the
 * rope row is locked); a trigger on rope_events deletes it on any insert, update or delete, so a change made any
 * other way leaves no stale copy and the chart falls back to reading the rows.
 */
export const ropeDamageInputs = pgTable('rope_damage_inputs', {
  ropeId: integer()
    .primaryKey()
    .references(() => ropes.id, { onDelete: 'cascade' }),
  data: bytea().notNull(),
  writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
