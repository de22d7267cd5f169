import { idParamsSchema, idTextSchema, LANGUAGE_IDS } from '@rope/domain/common';
import { type DocumentTargetType, documentPatchSchema } from '@rope/domain/documents/schemas';
import { documentListSchema, documentViewSchema } from '@rope/domain/documents/views';
import { message } from '@rope/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { requireActor } from '../../http/guards.ts';
import { downloadDocument } from './download.ts';
import { listGeneralDocuments, listTargetDocuments } from './list.ts';
import { deleteDocument } from './remove.ts';
import { sendDocumentThumbnail } from './thumbnail.ts';
import { updateDocument } from './update.ts';
import { uploadDocuments, uploadLimits } from './upload.ts';

const listQuery = z.object({ showAsUser: idTextSchema.optional() });
const LIST_PATHS: [string, DocumentTargetType][] = [
  ['/areas/:id/documents', 'area'],
  ['/installations/:id/documents', 'installation'],
  ['/ropes/:id/documents', 'rope'],
  ['/events/:id/documents', 'event'],
  ['/folders/:id/documents', 'folder'],
];

export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, targetType] of LIST_PATHS) {
      app.get(
        path,
        {
          schema: {
            tags: ['documents'],
            description: `The documents of a ${targetType}, new ones (7 days) first, then those in the reader's language (Accept-Language, else the user's).`,
            params: idParamsSchema,
            querystring: listQuery,
            response: { 200: documentListSchema },
          },
        },
        (request) =>
          listTargetDocuments({
            ctx,
            actor: requireActor(request),
            input: {
              targetType,
              targetId: request.params.id,
              showAsUser: request.query.showAsUser,
              acceptLanguage: request.headers['accept-language'],
            },
            request,
          }),
      );
    }

    app.get(
      '/documents',
      {
        schema: {
          tags: ['documents'],
          description: 'General documents (those in folders); folderId narrows to one folder.',
          querystring: z.object({ folderId: idTextSchema.optional(), showAsUser: idTextSchema.optional() }),
          response: { 200: documentListSchema },
        },
      },
      (request) =>
        listGeneralDocuments({
          ctx,
          actor: requireActor(request),
          input: { ...request.query, acceptLanguage: request.headers['accept-language'] },
          request,
        }),
    );

    app.post(
      '/documents',
      {
        schema: {
          tags: ['documents'],
          description:
            'multipart/form-data: the fields targetType (area, installation, rope, event, folder, project), targetId and optional location (ENU,DES,...) first, then one or more files (at most 20, each within DOCUMENT_MAX_MB; the type is judged by the content).',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ documents: z.array(documentViewSchema) }) },
        },
      },
      (request) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', message('app.errors.documentsNotMultipart'));
        const parts = request.parts({ limits: uploadLimits(ctx.env.DOCUMENT_MAX_MB * 1024 * 1024) });
        const input = { parts, acceptLanguage: request.headers['accept-language'] };
        return uploadDocuments({ ctx, actor: requireActor(request), input, request });
      },
    );

    app.get(
      '/documents/:id',
      {
        schema: {
          tags: ['documents'],
          description:
            'The file: inline for PDF, images and video, else as a download (download=1 always downloads); Range requests answer 206. language must be one of its languages.',
          params: idParamsSchema,
          querystring: z.object({
            language: z.enum(LANGUAGE_IDS).optional(),
            download: z.enum(['0', '1']).optional(),
            showAsUser: idTextSchema.optional(),
          }),
        },
      },
      (request, reply) =>
        downloadDocument({
          ctx,
          actor: requireActor(request),
          input: {
            id: request.params.id,
            language: request.query.language,
            download: request.query.download === '1',
            showAsUser: request.query.showAsUser,
          },
          request,
          reply,
        }),
    );

    app.get(
      '/documents/:id/thumbnail',
      {
        schema: {
          tags: ['documents'],
          description:
            "An image document's thumbnail for lists: a WebP of at most 320 pixels a side, upright, without metadata; 404 for any other document.",
          params: idParamsSchema,
          querystring: z.object({ showAsUser: idTextSchema.optional() }),
        },
      },
      (request, reply) =>
        sendDocumentThumbnail({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, showAsUser: request.query.showAsUser },
          request,
          reply,
        }),
    );

    app.patch(
      '/documents/:id',
      {
        schema: {
          tags: ['documents'],
          params: idParamsSchema,
          body: z.object({ document: documentPatchSchema }),
          response: { 200: z.object({ document: documentViewSchema }) },
        },
      },
      (request) =>
        updateDocument({
          ctx,
          actor: requireActor(request),
          input: {
            id: request.params.id,
            patch: request.body.document,
            acceptLanguage: request.headers['accept-language'],
          },
          request,
        }),
    );

    app.delete(
      '/documents/:id',
      { schema: { tags: ['documents'], params: idParamsSchema } },
      async (request, reply) => {
        await deleteDocument({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send();
      },
    );
  };
}
