import { folders } from '@rope/db/schema/index';
import { asc } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { readerLanguage } from '../documents/index.ts';
import { documentCount, toFolderView } from './internal.ts';

/** Every folder (the tree is built from parentFolder), each named in the reader's language. */
export async function listFolders({ ctx, actor, input }: ActionArgs<{ acceptLanguage?: string }>) {
  assertCan(actor, 'DOCUMENT');
  const language = await readerLanguage(ctx, actor, input.acceptLanguage);
  const rows = await ctx.db
    .select({ folder: folders, documentCount })
    .from(folders)
    .orderBy(asc(folders.ordering), asc(folders.id));
  return { folders: rows.map((row) => toFolderView({ ...row.folder, documentCount: row.documentCount }, language)) };
}
