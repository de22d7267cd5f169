import { USER_CSV_FILES, type UserCsvKind } from '@rope/domain/users/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { exportUsersCsv } from './export-csv.ts';

const SUMMARIES: Record<UserCsvKind, string> = {
  logins: 'CSV of every user with their last login',
  notifications: 'CSV of every user with their notification settings and deliveries',
  list: 'CSV of every user with their details and mandators',
  resets: 'CSV of password resets that expired unused',
};

/** The admin downloads of the users screen: GET /users/logins, /notifications, /list, /resets. */
export function exportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of Object.keys(USER_CSV_FILES) as UserCsvKind[]) {
      app.get(
        `/users/${kind}`,
        {
          schema: {
            tags: ['users'],
            summary: SUMMARIES[kind],
            produces: ['text/csv'],
            response: { 200: z.string().describe('UTF-8 CSV with a byte order mark') },
          },
        },
        async (request, reply) => {
          const { csv, fileName } = await exportUsersCsv({
            ctx,
            actor: requireActor(request),
            input: { kind },
            request,
          });
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            .send(csv);
        },
      );
    }
  };
}
