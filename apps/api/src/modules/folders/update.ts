import { folders } from '@rope/db/schema/index';
import { FOLDER_CYCLE, folderBodySchema, makesFolderCycle } from '@rope/domain/folders/schemas';
import { eq } from 'drizzle-orm';
import { AppError, issueFields, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { readerLanguage } from '../documents/index.ts';
import { assertParentExists, findFolder, loadFolderView } from './internal.ts';

export interface FolderPatch {
  name?: unknown;
  translations?: Record<string, unknown>;
  parentFolder?: unknown;
}

/** PATCH: the sent fields merged into the folder (translations key by key), the whole validated, cycles refused. */
export async function updateFolder({
  ctx,
  actor,
  input,
}: ActionArgs<{ id: number; patch: FolderPatch; acceptLanguage?: string }>) {
  assertCan(actor, 'FOLDER_EDIT');
  const row = await findFolder(ctx, input.id);
  const merged = {
    name: input.patch.name ?? row.name,
    translations: { ...row.translations, ...input.patch.translations },
    parentFolder:
      input.patch.parentFolder === undefined
        ? row.parentFolderId === null
          ? null
          : { id: row.parentFolderId }
        : input.patch.parentFolder,
  };
  const parsed = folderBodySchema.safeParse(merged);
  if (!parsed.success) throw validationError(issueFields(parsed.error.issues, (i) => `folder.${i.path.join('.')}`));
  const parentId = parsed.data.parentFolder?.id ?? null;
  await assertParentExists(ctx, parentId);
  const all = await ctx.db.select({ id: folders.id, parent: folders.parentFolderId }).from(folders);
  if (makesFolderCycle(row.id, parentId, new Map(all.map((f) => [f.id, f.parent]))))
    throw new AppError('RULE_VIOLATION', FOLDER_CYCLE, { 'folder.parentFolder': FOLDER_CYCLE });
  await ctx.db
    .update(folders)
    .set({ name: parsed.data.name, translations: parsed.data.translations, parentFolderId: parentId })
    .where(eq(folders.id, row.id));
  return { folder: await loadFolderView(ctx, row.id, await readerLanguage(ctx, actor, input.acceptLanguage)) };
}
