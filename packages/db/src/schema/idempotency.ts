import { index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const at = () => timestamp({ withTimezone: true });

/**
 * Writes a person named with an Idempotency-Key (apps/api/src/http/idempotency.ts): running under a lease until
 * answered, then the first answer as sent, kept IDEMPOTENCY_KEEP_DAYS for a resend of the same key.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar({ length: 255 }).notNull(),
    /** What was asked (method, address, body): the same key for another request is refused. */
    fingerprint: varchar({ length: 64 }).notNull(),
    state: varchar({ length: 8 }).$type<'running' | 'done'>().notNull(),
    /** Until when the running request holds the key; past it, its process is taken for dead. */
    leaseUntil: at().notNull(),
    statusCode: smallint(),
    contentType: varchar({ length: 255 }),
    answer: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index().on(table.createdAt)],
);
