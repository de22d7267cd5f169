import { documents, folders } from '@rope/db/schema/index';
import { FOLDER_NOT_EMPTY } from '@rope/domain/folders/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findFolder } from './internal.ts';

/**
 * Deletes an empty folder. A folder that still holds documents or sub-folders is refused (422) rather than
 * emptied: deleting documents is a decision per document, and their files would go with them.
 */
export async function deleteFolder({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'FOLDER_EDIT');
  const folder = await findFolder(ctx, input.id);
  const [held] = await ctx.db
    .select({
      documents: sql<number>`(select count(*)::int from ${documents} where ${and(eq(documents.targetType, 'folder'), eq(documents.targetId, folder.id))})`,
      folders: sql<number>`(select count(*)::int from ${folders} where ${eq(folders.parentFolderId, folder.id)})`,
    })
    .from(sql`(select 1) as one`);
  if (held!.documents > 0 || held!.folders > 0)
    throw new AppError('RULE_VIOLATION', FOLDER_NOT_EMPTY, undefined, undefined, {
      documentCount: held!.documents,
      folderCount: held!.folders,
    });
  await ctx.db.delete(folders).where(eq(folders.id, folder.id));
}
