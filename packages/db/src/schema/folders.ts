import type { FolderTranslations } from '@rope/domain/documents/schemas';
import { type AnyPgColumn, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

export const folders = pgTable(
  'folders',
  {
    id: serial().primaryKey(),
    parentFolderId: integer().references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    name: varchar({ length: 255 }).notNull(),
    translations: jsonb().$type<FolderTranslations>().notNull().default({}),
    ordering: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.parentFolderId)],
);
