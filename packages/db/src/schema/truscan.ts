import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ropes } from './hierarchy.ts';

/**
 * A measurement asked of a rope's TRUscan: queued with the job that tells the device, sent when the job published
 * it (MQTT) or offered it for the device to fetch, delivered when the device acknowledged it.
 */
export const truscanRequests = pgTable(
  'truscan_requests',
  {
    id: serial().primaryKey(),
    ropeId: integer()
      .notNull()
      .references(() => ropes.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    status: varchar({ length: 16 }).notNull().default('queued'),
    requestedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.ropeId, t.requestedAt)],
);
