import { documents } from '@rope/db/schema/index';
import { type DocumentTargetType, documentWritePermission, HABEL_DELETE_REFUSED } from '@rope/domain/documents/schemas';
import { eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { assertDocumentWritable, findDocument } from './internal.ts';

/** Deletes a document and its file; documents of the external system are refused (they come back on import). */
export async function deleteDocument({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'DOCUMENT');
  const row = await findDocument(ctx, actor, input.id);
  assertCan(actor, documentWritePermission(row.targetType as DocumentTargetType));
  if (row.isHabel) throw new AppError('RULE_VIOLATION', HABEL_DELETE_REFUSED);
  await assertDocumentWritable(ctx, actor, row);
  await ctx.db.delete(documents).where(eq(documents.id, row.id));
  // After the row: a failed file removal leaves an orphan file, never a row without its file.
  for (const key of [row.storageKey, row.thumbnailKey]) {
    if (key) await ctx.storage.remove(key).catch((error) => ctx.log.warn({ error, key }, 'orphan file'));
  }
}
