import { buffer } from 'node:stream/consumers';
import { documents } from '@rope/db/schema/index';
import { THUMBNAIL_SOURCE_TYPES } from '@rope/domain/documents/schemas';
import { message } from '@rope/domain/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { sendStored } from '../../http/send-stored.ts';
import { makeThumbnail, THUMBNAIL_TYPE } from '../../infra/images/thumbnail.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { type DocumentRow, findDocument } from './internal.ts';
import { DOCUMENT_IMAGE_MAX_PIXELS } from './store-file.ts';

const NO_THUMBNAIL = message('app.errors.documentNoThumbnail');

/**
 * An image document's list thumbnail, made and stored on its first request (documents uploaded before thumbnails
 * existed get theirs the same way). Any other document, or an image too large or damaged to shrink, answers 404.
 */
export async function sendDocumentThumbnail(
  args: ActionArgs<{ id: number; showAsUser?: number }> & { request: FastifyRequest; reply: FastifyReply },
) {
  const { ctx, actor, input, request, reply } = args;
  assertCan(actor, 'DOCUMENT');
  const viewer = await viewerFor(args, input.showAsUser);
  const row = await findDocument(ctx, viewer, input.id);
  if (!THUMBNAIL_SOURCE_TYPES.includes(row.mimeType)) throw notFound(NO_THUMBNAIL);
  const key = row.thumbnailKey ?? (await storeThumbnail(ctx, row));
  return sendStored(request, reply, ctx.storage, key, {
    cacheControl: 'private, max-age=300',
    missing: NO_THUMBNAIL,
    types: [THUMBNAIL_TYPE],
  });
}

async function storeThumbnail(ctx: AppContext, row: DocumentRow): Promise<string | undefined> {
  const stored = await ctx.storage.get(row.storageKey);
  if (!stored) throw notFound(message('app.errors.documentFileMissing'));
  const thumbnail = await makeThumbnail(await buffer(stored.body), DOCUMENT_IMAGE_MAX_PIXELS).catch(() => undefined);
  if (!thumbnail) throw notFound(NO_THUMBNAIL);
  const { key } = await ctx.storage.put(thumbnail, { prefix: 'thumbnails', extension: 'webp', type: THUMBNAIL_TYPE });
  // Two first requests at once both make one; the first to write keeps its own, the other removes its copy. A file
  // replaced meanwhile (an import) keeps no thumbnail of the old one.
  const [kept] = await ctx.db
    .update(documents)
    .set({ thumbnailKey: key })
    .where(and(eq(documents.id, row.id), eq(documents.storageKey, row.storageKey), isNull(documents.thumbnailKey)))
    .returning({ thumbnailKey: documents.thumbnailKey });
  if (kept) return key;
  await ctx.storage.remove(key).catch(() => {});
  const [current] = await ctx.db
    .select({ thumbnailKey: documents.thumbnailKey })
    .from(documents)
    .where(eq(documents.id, row.id));
  return current?.thumbnailKey ?? undefined;
}
