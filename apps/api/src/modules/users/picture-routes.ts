import { idParamsSchema } from '@rope/domain/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { guard, requireActor } from '../../http/guards.ts';
import { getPicture } from './get-picture.ts';
import { PICTURE_MAX_BYTES, uploadPicture } from './upload-picture.ts';

async function readOneFile(request: FastifyRequest): Promise<Buffer | undefined> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
  }
  const file = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } });
  if (!file) return undefined;
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The picture may be at most 2 MB');
    }
    throw error;
  }
}

/** Profile pictures of project managers: upload (the user themself or edit-any) and download (anyone signed in). */
export function pictureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.post(
      '/users/:id/picture',
      {
        schema: {
          tags,
          summary: 'Upload a profile picture (JPEG or PNG, at most 2 MB; multipart, one file)',
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 200: z.object({ user: z.object({ id: z.number().int(), pictureUri: z.string() }) }) },
        },
        preHandler: guard(),
      },
      (request) =>
        uploadPicture({
          ctx,
          actor: requireActor(request),
          input: { id: request.params.id, readFile: () => readOneFile(request) },
          request,
        }),
    );
    app.get(
      '/users/:id/picture',
      {
        schema: {
          tags,
          summary: 'A profile picture',
          params: idParamsSchema,
          querystring: z.object({ v: z.string().max(64).optional() }),
          produces: ['image/jpeg', 'image/png'],
          response: { 200: z.any().describe('The JPEG or PNG bytes') },
        },
        preHandler: guard(),
      },
      async (request, reply) => {
        const { bytes, mime } = await getPicture({ ctx, actor: requireActor(request), input: request.params });
        return reply.type(mime).header('cache-control', 'private, max-age=86400').send(bytes);
      },
    );
  };
}
