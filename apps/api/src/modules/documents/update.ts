import { documents } from '@rope/db/schema/index';
import { type DocumentPatch, type DocumentTargetType, documentWritePermission } from '@rope/domain/documents/schemas';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { assertDocumentWritable, findDocument } from './internal.ts';
import { readerLanguage } from './language.ts';
import { toDocumentView } from './view.ts';

/** Renames a document or changes its languages; the rest of what GET answers is read-only and ignored. */
export async function updateDocument(args: ActionArgs<{ id: number; patch: DocumentPatch; acceptLanguage?: string }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOCUMENT');
  const row = await findDocument(ctx, actor, input.id);
  assertCan(actor, documentWritePermission(row.targetType as DocumentTargetType));
  await assertDocumentWritable(ctx, actor, row);
  const changes = Object.fromEntries(
    Object.entries(input.patch).filter(
      ([key, value]) => value !== undefined && row[key as keyof DocumentPatch] !== value,
    ),
  );
  const [updated] = Object.keys(changes).length
    ? await ctx.db.update(documents).set(changes).where(eq(documents.id, row.id)).returning()
    : [row];
  const language = await readerLanguage(ctx, actor, input.acceptLanguage);
  return { document: toDocumentView(updated!, { actor, language }) };
}
