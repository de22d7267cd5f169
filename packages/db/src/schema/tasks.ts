import type { TaskAttributes } from '@rope/domain/tasks/schemas';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ropeEvents } from './events.ts';
import { ropes } from './hierarchy.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: serial().primaryKey(),
    ropeId: integer()
      .notNull()
      .references(() => ropes.id, { onDelete: 'cascade' }),
    eventId: integer().references(() => ropeEvents.id, { onDelete: 'set null' }),
    attributes: jsonb().$type<TaskAttributes>().notNull(),
    /** Copies of attributes.status / dueAt for the due-task scan. */
    status: varchar({ length: 16 }).notNull().default('new'),
    dueAt: timestamp({ withTimezone: true }),
    /** Set when the assignees were told the task became due, so they are told once. */
    dueNotifiedAt: timestamp({ withTimezone: true }),
    previousTaskId: integer(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ropeId), index().on(t.status, t.dueAt)],
);

export const taskAssignees = pgTable(
  'task_assignees',
  {
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index().on(t.userId)],
);

export const taskNotes = pgTable(
  'task_notes',
  {
    id: serial().primaryKey(),
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.taskId, t.createdAt)],
);
