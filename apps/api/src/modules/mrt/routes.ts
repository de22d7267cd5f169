import { idParamsSchema } from '@rope/domain/common';
import { message } from '@rope/domain/messages';
import {
  meaUploadAnswerSchema,
  mrtCandidatesAnswerSchema,
  mrtCandidatesQuerySchema,
  mrtCandidateViewSchema,
  mrtConfirmBodySchema,
  mrtDismissBodySchema,
  mrtTraceAnswerSchema,
  mrtTraceQuerySchema,
} from '@rope/domain/mrt/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { requireActor } from '../../http/guards.ts';
import { listMrtCandidates } from './candidates.ts';
import { confirmMrtCandidate, dismissMrtCandidate } from './decide.ts';
import { getMrtTrace } from './get-trace.ts';
import { meaUploadLimits, uploadTruscanFiles } from './upload.ts';

/** TRUscan measurement files (docs/truscan-mea.md): the upload, the MRT trace and its damage candidates. */
export function mrtRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['truscan'];
    app.post(
      '/ropes/:id/events/upload/truscan',
      {
        schema: {
          tags,
          operationId: 'uploadTruscanFiles',
          summary: 'Upload TRUscan measurement files (.mea): each becomes an MRT measurement event of the rope',
          description:
            'multipart/form-data: one or more files (at most 20, each within TRUSCAN_FILE_MAX_MB), recognised by content. One refused file refuses the whole upload; the same file again answers its earlier measurement.',
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 200: meaUploadAnswerSchema },
        },
      },
      (request) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', message('app.errors.truscanFilesNotMultipart'));
        const parts = request.parts({ limits: meaUploadLimits(ctx.env.TRUSCAN_FILE_MAX_MB * 1024 * 1024) });
        return uploadTruscanFiles({ ctx, actor: requireActor(request), input: { ropeId: request.params.id, parts } });
      },
    );
    app.get(
      '/events/:id/mrt-trace',
      {
        schema: {
          tags,
          operationId: 'getMrtTrace',
          summary: 'The MRT trace of a measurement event between datum positions, as min/max buckets (mV)',
          params: idParamsSchema,
          querystring: mrtTraceQuerySchema,
          response: { 200: mrtTraceAnswerSchema },
        },
      },
      (request) =>
        getMrtTrace({ ctx, actor: requireActor(request), input: { eventId: request.params.id, ...request.query } }),
    );
    app.get(
      '/events/:id/mrt-candidates',
      {
        schema: {
          tags,
          operationId: 'listMrtCandidates',
          summary: "The trace's peaks at or above a threshold (mV): damage candidates with what was decided of them",
          params: idParamsSchema,
          querystring: mrtCandidatesQuerySchema,
          response: { 200: mrtCandidatesAnswerSchema },
        },
      },
      (request) =>
        listMrtCandidates({
          ctx,
          actor: requireActor(request),
          input: { eventId: request.params.id, threshold: request.query.threshold },
        }),
    );
    app.post(
      '/events/:id/mrt-candidates/confirm',
      {
        config: { errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: 'confirmMrtCandidate',
          summary: 'Confirm a damage candidate into a damage event found by MRT at its position',
          params: idParamsSchema,
          body: mrtConfirmBodySchema,
          response: {
            200: z.object({
              ropeEvent: z.object({ id: z.number() }),
              ropeChanged: z.boolean(),
              candidate: mrtCandidateViewSchema,
            }),
          },
        },
      },
      (request) =>
        confirmMrtCandidate({
          ctx,
          actor: requireActor(request),
          input: { eventId: request.params.id, ...request.body },
          request,
        }),
    );
    app.post(
      '/events/:id/mrt-candidates/dismiss',
      {
        config: { errors: ['CONFLICT'] },
        schema: {
          tags,
          operationId: 'dismissMrtCandidate',
          summary: 'Set a damage candidate aside (it can still be confirmed)',
          params: idParamsSchema,
          body: mrtDismissBodySchema,
          response: { 200: z.object({ candidate: mrtCandidateViewSchema }) },
        },
      },
      (request) =>
        dismissMrtCandidate({
          ctx,
          actor: requireActor(request),
          input: { eventId: request.params.id, index: request.body.index },
        }),
    );
  };
}
