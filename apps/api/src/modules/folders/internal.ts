import { documents, folders } from '@rope/db/schema/index';
import { folderName } from '@rope/domain/folders/schemas';
import type { FolderView } from '@rope/domain/folders/views';
import type { LanguageId } from '@rope/domain/languages';
import { message } from '@rope/domain/messages';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';

export type FolderRow = typeof folders.$inferSelect;
export const FOLDER_NOT_FOUND = message('app.errors.noSuchFolder');

/** Folders are not tenant data: every reader of general documents sees them all. */
export async function findFolder(ctx: AppContext, id: number): Promise<FolderRow> {
  const [row] = await ctx.db.select().from(folders).where(eq(folders.id, id));
  if (!row) throw notFound(FOLDER_NOT_FOUND);
  return row;
}

/** A parent named in a body must exist: a 400 on the field, not a 404 of the call. */
export async function assertParentExists(ctx: AppContext, parentId: number | null) {
  if (parentId === null) return;
  const [row] = await ctx.db.select({ id: folders.id }).from(folders).where(eq(folders.id, parentId));
  if (!row) throw new AppError('VALIDATION', FOLDER_NOT_FOUND, { parentFolder: FOLDER_NOT_FOUND });
}

// Named in full: drizzle leaves the column unqualified in a one-table select, where it would mean the document's id.
export const documentCount = sql<number>`(select count(*)::int from ${documents} d
  where d.target_type = 'folder' and d.target_id = "folders"."id")`;

export function toFolderView(row: FolderRow & { documentCount: number }, language: LanguageId): FolderView {
  return {
    id: row.id,
    name: row.name,
    translations: row.translations,
    displayName: folderName(row, language),
    parentFolder: row.parentFolderId === null ? null : { id: row.parentFolderId },
    documentCount: row.documentCount,
  };
}

export async function loadFolderView(ctx: AppContext, id: number, language: LanguageId) {
  const [row] = await ctx.db.select({ folder: folders, documentCount }).from(folders).where(eq(folders.id, id));
  return toFolderView({ ...row!.folder, documentCount: row!.documentCount }, language);
}
