import { idTextSchema } from '@rope/domain/common';
import { searchQuerySchema } from '@rope/domain/search/schemas';
import { searchAnswerSchema } from '@rope/domain/search/views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { search } from './search.ts';

export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          operationId: 'search',
          summary: 'Areas, installations, ropes, documents and projects the caller sees, by name',
          description:
            'Areas, installations, ropes, documents and projects by name, accent- and case-insensitive, as typed (prefixes) and with one typo; what the viewer may see only.',
          querystring: searchQuerySchema.extend({ showAsUser: idTextSchema.optional() }),
          response: { 200: searchAnswerSchema },
        },
      },
      (request) => search({ ctx, actor: requireActor(request), input: request.query, request }),
    );
  };
}
