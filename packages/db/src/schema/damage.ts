import { customType, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ropes } from './hierarchy.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The damage inputs of a rope packed in columns, sorted by position: what the damage chart reads instead of
 * aggregating 50,000 rows on every request. A trigger on rope_events names every event inserted, updated or
 * deleted on a rope that has a copy in rope_damage_input_changes (migration 0025), however the change is made;
 * readers merge those events' current rows into the copy, and a writer folds them in once there are many. The copy
 * is stored uncompressed (SET STORAGE EXTERNAL, migration 0025) and read in pieces (apps/api damage/inputs.ts).
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

/**
 * The events changed since a rope's packed copy was written (rope_damage_inputs): written by the rope_events
 * trigger under the rope row's lock, emptied when a writer folds them into the copy. An event named here is read
 * as it is now (or as gone), whatever the copy holds of it.
 */
export const ropeDamageInputChanges = pgTable(
  'rope_damage_input_changes',
  {
    ropeId: integer()
      .notNull()
      .references(() => ropeDamageInputs.ropeId, { onDelete: 'cascade' }),
    eventId: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.ropeId, table.eventId] })],
);
