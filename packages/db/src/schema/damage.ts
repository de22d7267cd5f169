import { customType, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * What a rope's damage chart answer was made of, as one value: a fresh random stamp written by the same rope_events
 * trigger on any insert, update or delete (migration 0018), however it is made. The chart's ETag and its kept bytes
 * (apps/api/src/modules/damage/answer-store.ts) hold while the stamp is the one they were made with. Random rather
 * than counted, so that a restored database never hands out a stamp an answer made before the restore carried.
 */
export const ropeDamageStamps = pgTable('rope_damage_stamps', {
  ropeId: integer()
    .primaryKey()
    .references(() => ropes.id, { onDelete: 'cascade' }),
  stamp: uuid().notNull().defaultRandom(),
});
