import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Installations of the external document system, each with its project manager. */
export const projects = pgTable('projects', {
  id: serial().primaryKey(),
  installationNumber: varchar({ length: 64 }).notNull().unique(),
  description: varchar({ length: 255 }).notNull().default(''),
  country: varchar({ length: 2 }),
  facilityType: varchar({ length: 64 }),
  facilityConstructorBranch: varchar({ length: 64 }),
  facilityNumber: varchar({ length: 64 }),
  /** The project manager as the external system names them; linked to a cockpit user of that email, if any. */
  projectManagerName: varchar({ length: 255 }),
  projectManagerEmail: varchar({ length: 255 }),
  projectManagerPhone: varchar({ length: 64 }),
  projectManagerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
