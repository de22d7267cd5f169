import { boolean, index, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { folders } from './folders.ts';

export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 255 }).notNull(),
    mimeType: varchar({ length: 127 }).notNull(),
    /** Generated storage key; never a client-supplied path. */
    storageKey: varchar({ length: 255 }).notNull(),
    size: integer().notNull(),
    /** An image's list thumbnail (a small WebP), made on its first request; null until then and for other files. */
    thumbnailKey: varchar({ length: 255 }),
    /**
     * A photo stored before uploads were cleaned of their location and camera data (IMAGE_METADATA): the documents
     * module's hourly job cleans the stored file and clears the mark (modules/documents/clean-old-photos.ts).
     */
    storedUncleaned: boolean().notNull().default(false),
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
