import { idParamsSchema, idTextSchema } from '@rope/domain/common';
import {
  truscanPendingAnswerSchema,
  truscanRequestAnswerSchema,
  truscanStateAnswerSchema,
  truscanStateBodySchema,
  truscanTriggerBodySchema,
} from '@rope/domain/truscan/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { eventStreamAnswer } from '../../http/answers.ts';
import { requireActor } from '../../http/guards.ts';
import { acknowledgeTruscanRequest, listPendingTruscanRequests } from './device-requests.ts';
import { getTruscanState } from './get-state.ts';
import { streamTruscanState } from './live.ts';
import { reportTruscanState } from './report-state.ts';
import { requestTruscanMeasurement } from './trigger.ts';

export function truscanRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['truscan'];
    app.get(
      '/ropes/:id/truscan',
      {
        schema: {
          tags,
          operationId: 'getRopeTruscanState',
          summary: "The rope's TRUscan: what the device last reported and the newest measurement asked of it",
          params: idParamsSchema,
          response: { 200: truscanStateAnswerSchema },
        },
      },
      (request) => getTruscanState({ ctx, actor: requireActor(request), input: { ropeId: request.params.id } }),
    );
    app.get(
      '/ropes/:id/truscan/live',
      {
        config: { errors: ['NOT_ACCEPTABLE'] },
        schema: {
          tags,
          operationId: 'streamRopeTruscanState',
          response: eventStreamAnswer('`event: truscan` blocks, `data:` the state as GET answers it'),
          summary:
            'The TRUscan state as Server-Sent Events: `event: truscan` with the whole state at once and on every change',
          params: idParamsSchema,
        },
      },
      (request, reply) =>
        streamTruscanState({ ctx, actor: requireActor(request), input: { ropeId: request.params.id } }, request, reply),
    );
    app.patch(
      '/ropes/:id/truscan',
      {
        schema: {
          tags,
          operationId: 'reportRopeTruscanState',
          summary:
            'The device reports its state (import API keys); keys sent replace the stored ones, null removes one',
          params: idParamsSchema,
          body: truscanStateBodySchema,
          response: { 200: truscanStateAnswerSchema },
        },
      },
      (request) =>
        reportTruscanState({
          ctx,
          actor: requireActor(request),
          input: { ropeId: request.params.id, truscanAttributes: request.body.truscanAttributes },
        }),
    );
    app.post(
      '/ropes/:id/events/trigger/truscan',
      {
        schema: {
          tags,
          operationId: 'triggerTruscanMeasurement',
          summary: 'Start a TRUscan measurement: recorded, and a job tells the device (MQTT) or offers it for fetching',
          params: idParamsSchema,
          body: truscanTriggerBodySchema,
          response: { 202: truscanRequestAnswerSchema },
        },
      },
      async (request, reply) => {
        const answer = await requestTruscanMeasurement({
          ctx,
          actor: requireActor(request),
          input: { ropeId: request.params.id, reason: request.body.reason },
          request,
        });
        return reply.status(202).send(answer);
      },
    );
    app.get(
      '/ropes/:id/truscan/requests',
      {
        schema: {
          tags,
          operationId: 'listPendingTruscanRequests',
          summary: 'For the device: measurements asked of it and not acknowledged yet, oldest first (import API keys)',
          params: idParamsSchema,
          response: { 200: truscanPendingAnswerSchema },
        },
      },
      (request) =>
        listPendingTruscanRequests({ ctx, actor: requireActor(request), input: { ropeId: request.params.id } }),
    );
    app.post(
      '/ropes/:id/truscan/requests/:requestId/ack',
      {
        schema: {
          tags,
          operationId: 'acknowledgeTruscanRequest',
          summary: 'For the device: it took the measurement request (import API keys); a repeat changes nothing',
          params: z.object({ id: idTextSchema, requestId: idTextSchema }),
          response: { 200: truscanRequestAnswerSchema },
        },
      },
      (request) =>
        acknowledgeTruscanRequest({
          ctx,
          actor: requireActor(request),
          input: { ropeId: request.params.id, requestId: request.params.requestId },
        }),
    );
  };
}
