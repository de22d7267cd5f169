import { idParamsSchema, idTextSchema, LANGUAGE_IDS } from '@rope/domain/common';
import { type DocumentTargetType, documentPatchSchema } from '@rope/domain/documents/schemas';
import { documentListSchema, documentViewSchema } from '@rope/domain/documents/views';
import { message } from '@rope/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fileAnswer } from '../../http/answers.ts';
import { AppError } from '../../http/app-error.ts';
import { requireActor } from '../../http/guards.ts';
import { downloadDocument } from './download.ts';
import { listGeneralDocuments, listTargetDocuments } from './list.ts';
import { deleteDocument } from './remove.ts';
import { sendDocumentThumbnail } from './thumbnail.ts';
import { updateDocument } from './update.ts';
import { uploadDocuments, uploadLimits } from './upload.ts';

const listQuery = z.object({ showAsUser: idTextSchema.optional() });
/** Each target's list, with its operationId and summary in the API documentation. */
const LIST_PATHS: { path: string; targetType: DocumentTargetType; operationId: string; summary: string }[] = [
  {
    path: '/areas/:id/documents',
    targetType: 'area',
    operationId: 'listAreaDocuments',
    summary: "An area's documents, new ones first, then those in the reader's language",
  },
  {
    path: '/installations/:id/documents',
    targetType: 'installation',
    operationId: 'listInstallationDocuments',
    summary: "An installation's documents, new ones first, then those in the reader's language",
  },
  {
    path: '/ropes/:id/documents',
    targetType: 'rope',
    operationId: 'listRopeDocuments',
    summary: "A rope's documents, new ones first, then those in the reader's language",
  },
  {
    path: '/events/:id/documents',
    targetType: 'event',
    operationId: 'listEventDocuments',
    summary: "An event's documents, new ones first, then those in the reader's language",
  },
  {
    path: '/folders/:id/documents',
    targetType: 'folder',
    operationId: 'listFolderDocuments',
    summary: "A folder's documents, new ones first, then those in the reader's language",
  },
];

export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { path, targetType, operationId, summary } of LIST_PATHS) {
      app.get(
        path,
        {
          schema: {
            tags: ['documents'],
            operationId,
            summary,
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
          operationId: 'listDocuments',
          summary: 'General documents (those in folders), optionally of one folder',
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
          operationId: 'uploadDocuments',
          summary: 'Upload files as documents of an area, installation, rope, event, folder or project',
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
        config: { errors: ['RANGE_NOT_SATISFIABLE'] },
        schema: {
          tags: ['documents'],
          response: fileAnswer(['*/*'], 'The file, in its own type (Range and If-None-Match honoured)'),
          operationId: 'downloadDocument',
          summary: "A document's file, inline or as a download; Range requests answer 206",
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
          response: fileAnswer(['image/*'], 'A small image of the document'),
          operationId: 'downloadDocumentThumbnail',
          summary: "An image document's thumbnail (WebP, at most 320 pixels a side)",
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
          operationId: 'updateDocument',
          summary: 'Rename a document or change its languages',
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
      {
        schema: {
          tags: ['documents'],
          response: { 204: z.null() },
          operationId: 'deleteDocument',
          summary: "Delete a document and its file; the external system's documents are refused",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteDocument({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
  };
}
