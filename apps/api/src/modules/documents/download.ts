import { PREVIEW_TYPES, parseLocation } from '@rope/domain/documents/schemas';
import type { LanguageId } from '@rope/domain/languages';
import { message } from '@rope/domain/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { sendStored } from '../../http/send-stored.ts';
import { viewerFor } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findDocument } from './internal.ts';

/** `attachment; filename*=` for any name: ASCII fallback plus the UTF-8 name, so no header injection. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a document the viewer sees, with ranges (video seeking). `language` must be one of its languages; PDFs,
 * images and videos open in place, anything else downloads.
 */
export async function downloadDocument(
  args: ActionArgs<{ id: number; language?: LanguageId; download?: boolean; showAsUser?: number }> & {
    request: FastifyRequest;
    reply: FastifyReply;
  },
) {
  const { ctx, actor, input, request, reply } = args;
  assertCan(actor, 'DOCUMENT');
  const viewer = await viewerFor(args, input.showAsUser);
  const row = await findDocument(ctx, viewer, input.id);
  if (input.language && !parseLocation(row.location).includes(input.language))
    throw notFound(message('app.errors.documentLanguageMissing', { language: input.language }));
  const inline = !input.download && PREVIEW_TYPES.includes(row.mimeType);
  reply.header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name));
  return sendStored(request, reply, ctx.storage, row.storageKey, {
    cacheControl: 'private, max-age=300',
    missing: message('app.errors.documentFileMissing'),
  });
}
