import { folders } from '@rope/db/schema/index';
import type { FolderBody } from '@rope/domain/folders/schemas';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { readerLanguage } from '../documents/index.ts';
import { assertParentExists, loadFolderView } from './internal.ts';

/** A folder of general documents (admins), at the top or under a parent, last among its siblings. */
export async function createFolder({ ctx, actor, input }: ActionArgs<{ folder: FolderBody; acceptLanguage?: string }>) {
  assertCan(actor, 'FOLDER_EDIT');
  const parentId = input.folder.parentFolder?.id ?? null;
  await assertParentExists(ctx, parentId);
  const [row] = await ctx.db
    .insert(folders)
    .values({ name: input.folder.name, translations: input.folder.translations, parentFolderId: parentId })
    .returning({ id: folders.id });
  return { folder: await loadFolderView(ctx, row!.id, await readerLanguage(ctx, actor, input.acceptLanguage)) };
}
