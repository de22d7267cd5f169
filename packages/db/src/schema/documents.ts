import type { FolderTranslations } from '@rope/domain/documents/schemas';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

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

export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 255 }).notNull(),
    mimeType: varchar({ length: 127 }).notNull(),
    /** Generated storage key; never a client-supplied path. */
    storageKey: varchar({ length: 255 }).notNull(),
    size: integer().notNull(),
    /** Comma-separated language ids the document applies to, e.g. "ENU,DES". */
    location: varchar({ length: 64 }).notNull().default('ENU'),
    folderId: integer().references(() => folders.id, { onDelete: 'set null' }),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: integer(),
    isHabel: boolean().notNull().default(false),
    habelAttart: varchar({ length: 64 }),
    habelReceipttype: varchar({ length: 64 }),
    habelErfdat: varchar({ length: 40 }),
    installationNumber: varchar({ length: 64 }),
    /**
     * The external system's key of an imported document, unique within its project (target): the import is idempotent
     * on the pair, and the same key in another mandator's project is another document (docs/documents.md).
     */
    externalKey: varchar({ length: 128 }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.targetType, t.targetId, t.createdAt),
    index().on(t.folderId),
    index().on(t.installationNumber, t.createdAt),
    unique('documents_target_external_key_unique').on(t.targetType, t.targetId, t.externalKey),
  ],
);

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
