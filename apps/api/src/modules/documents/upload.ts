import type { Multipart } from '@fastify/multipart';
import { documents } from '@rope/db/schema/index';
import {
  documentUploadFieldsSchema,
  documentWritePermission,
  MAX_FILES_PER_UPLOAD,
  UPLOAD_FIELDS_FIRST,
  UPLOAD_NEEDS_FILES,
} from '@rope/domain/documents/schemas';
import { message } from '@rope/domain/messages';
import { AppError, issueFields, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { keepAnswerWithWrite } from '../../http/idempotency/index.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { enqueueDocumentTrigger } from '../notification-triggers/index.ts';
import { findTarget } from './internal.ts';
import { readerLanguage } from './language.ts';
import { type StoredDocumentFile, storeDocumentFile } from './store-file.ts';
import { toDocumentView } from './view.ts';
import { emitDocumentWebhooks } from './webhooks.ts';

export interface UploadInput {
  /** The multipart parts in order: the fields first, then one or more files. */
  parts: AsyncIterable<Multipart>;
  acceptLanguage?: string;
}

/** Multipart limits of the upload itself (busboy): the files' count and size, small fields. */
export const uploadLimits = (maxBytes: number) => ({
  files: MAX_FILES_PER_UPLOAD,
  fileSize: maxBytes,
  fields: 10,
  fieldSize: 1024,
});

/**
 * Uploads several files to one target. The target and the permission are checked before the first byte of a file
 * is read; each file streams to storage; one refused file refuses the whole upload and leaves nothing behind.
 * Documents on an installation, one of its ropes or events fire the installation's `newDocument` rule.
 */
export async function uploadDocuments(args: ActionArgs<UploadInput>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOCUMENT');
  const fields: Record<string, string> = {};
  const stored: StoredDocumentFile[] = [];
  let target: Awaited<ReturnType<typeof findTarget>> | undefined;
  let location = '';
  try {
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (target) throw new AppError('VALIDATION', UPLOAD_FIELDS_FIRST);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!target) {
        const parsed = documentUploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw validationError(issueFields(parsed.error.issues, (i) => i.path.join('.')));
        assertCan(actor, documentWritePermission(parsed.data.targetType));
        target = await findTarget(ctx, actor, parsed.data.targetType, parsed.data.targetId);
        assertWritable([{ isDeleted: false }, ...target.chain]);
        location = parsed.data.location ?? (await readerLanguage(ctx, actor, input.acceptLanguage));
      }
      stored.push(await storeDocumentFile(ctx, part, ctx.env.DOCUMENT_MAX_MB * 1024 * 1024));
    }
  } catch (error) {
    await Promise.all(stored.map((file) => ctx.storage.remove(file.object.key).catch(() => {})));
    throw asUploadError(error);
  }
  if (!target || stored.length === 0)
    throw new AppError('VALIDATION', UPLOAD_NEEDS_FILES, { files: UPLOAD_NEEDS_FILES });
  const done = target;
  const language = await readerLanguage(ctx, actor, input.acceptLanguage);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(documents)
      .values(
        stored.map((file) => ({
          name: file.name,
          mimeType: file.object.type,
          storageKey: file.object.key,
          size: file.object.size,
          location,
          targetType: done.type,
          targetId: done.id,
          folderId: done.type === 'folder' ? done.id : null,
          installationNumber: done.installationNumber ?? null,
          createdByUserId: actor.userId,
        })),
      )
      .returning();
    const answer = { documents: inserted.map((row) => toDocumentView(row, { actor, language })) };
    // Sent together, each without waiting for the answer to the one before: the triggers, the webhooks' check, and the
    // answer kept for a device's resend of a photo under the same key (which gets it, never a second document).
    const following: Promise<unknown>[] = [];
    if (done.installationId !== undefined) {
      for (const row of inserted)
        following.push(
          enqueueDocumentTrigger(tx, ctx, {
            documentId: row.id,
            installationId: done.installationId,
            ...(done.ropeId === undefined ? {} : { ropeId: done.ropeId }),
          }),
        );
      following.push(
        emitDocumentWebhooks(tx, ctx, { installationId: done.installationId, ropeId: done.ropeId }, inserted),
      );
    }
    following.push(keepAnswerWithWrite(tx, args.request, answer));
    await Promise.all(following);
    return answer;
  });
}

/** The multipart parser's own limits, said in the answer's words. */
function asUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', message('app.errors.documentTooMany', { max: MAX_FILES_PER_UPLOAD }));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('VALIDATION', message('app.errors.uploadTooManyFields'));
  return error;
}
