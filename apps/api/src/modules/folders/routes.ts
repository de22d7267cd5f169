import { idParamsSchema } from '@rope/domain/common';
import { folderTranslationsSchema } from '@rope/domain/documents/schemas';
import { folderBodySchema } from '@rope/domain/folders/schemas';
import { folderViewSchema } from '@rope/domain/folders/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { createFolder } from './create.ts';
import { listFolders } from './list.ts';
import { deleteFolder } from './remove.ts';
import { updateFolder } from './update.ts';

const one = z.object({ folder: folderViewSchema });
// The folder as GET answers it, or any part; checked whole after merging (update.ts).
const folderPatchSchema = z
  .object({
    name: z.string().max(255),
    translations: folderTranslationsSchema,
    parentFolder: z.object({ id: z.number() }).nullable(),
  })
  .partial();

export function folderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/folders',
      {
        schema: {
          tags: ['documents'],
          operationId: 'listFolders',
          summary: "Every folder of general documents, named in the reader's language",
          response: { 200: z.object({ folders: z.array(folderViewSchema) }) },
        },
      },
      (request) =>
        listFolders({
          ctx,
          actor: requireActor(request),
          input: { acceptLanguage: request.headers['accept-language'] },
          request,
        }),
    );
    app.post(
      '/folders',
      {
        schema: {
          tags: ['documents'],
          operationId: 'createFolder',
          summary: 'Create a folder of general documents (admins)',
          description: 'Admins: name (English) required, and a translation for every other language.',
          body: z.object({ folder: folderBodySchema }),
          response: { 200: one },
        },
      },
      (request) =>
        createFolder({
          ctx,
          actor: requireActor(request),
          input: { folder: request.body.folder, acceptLanguage: request.headers['accept-language'] },
          request,
        }),
    );
    app.patch(
      '/folders/:id',
      {
        schema: {
          tags: ['documents'],
          operationId: 'updateFolder',
          summary: 'Rename or move a folder: the sent fields merged in, cycles refused (admins)',
          params: idParamsSchema,
          body: z.object({ folder: folderPatchSchema }),
          response: { 200: one },
        },
      },
      (request) =>
        updateFolder({
          ctx,
          actor: requireActor(request),
          input: {
            id: request.params.id,
            patch: request.body.folder,
            acceptLanguage: request.headers['accept-language'],
          },
          request,
        }),
    );
    app.delete(
      '/folders/:id',
      {
        schema: {
          tags: ['documents'],
          response: { 204: z.null() },
          operationId: 'deleteFolder',
          summary: 'Delete an empty folder (admins)',
          description: 'Admins; only an empty folder (no documents, no sub-folders) is deleted, else 422.',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await deleteFolder({ ctx, actor: requireActor(request), input: request.params, request });
        return reply.status(204).send(null);
      },
    );
  };
}
