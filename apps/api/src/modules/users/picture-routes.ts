import { idParamsSchema } from '@rope/domain/common';
import { message } from '@rope/domain/messages';
import { userPictureAnswerSchema } from '@rope/domain/users/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { readUpload } from '../../http/read-upload.ts';
import { sendStored } from '../../http/send-stored.ts';
import { findPictureKey } from './get-picture.ts';
import { PICTURE_RULES, PICTURE_TYPES, uploadPicture } from './upload-picture.ts';

/** Profile pictures of project managers: upload (the user themself or edit-any) and download (anyone signed in). */
export function pictureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.post(
      '/users/:id/picture',
      {
        schema: {
          tags,
          operationId: 'uploadUserPicture',
          summary: 'Upload a profile picture (JPEG or PNG, at most 2 MB; multipart, one file)',
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 200: userPictureAnswerSchema },
        },
      },
      (request) =>
        uploadPicture({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, readFile: () => readUpload(request, PICTURE_RULES) },
          request,
        }),
    );
    app.get(
      '/users/:id/picture',
      {
        config: { errors: ['RANGE_NOT_SATISFIABLE'] },
        schema: {
          tags,
          operationId: 'downloadUserPicture',
          summary: 'A profile picture',
          params: idParamsSchema,
          querystring: z.object({ v: z.string().max(64).optional() }),
          produces: ['image/jpeg', 'image/png'],
          response: { 200: z.any().describe('The JPEG or PNG bytes; a Range header gets 206 with that part') },
        },
      },
      async (request, reply) => {
        const key = await findPictureKey({ ctx, actor: requireActor(request), input: request.params });
        return sendStored(request, reply, ctx.storage, key, {
          cacheControl: 'private, max-age=86400',
          missing: message('app.errors.noPicture'),
          types: PICTURE_TYPES,
        });
      },
    );
  };
}
