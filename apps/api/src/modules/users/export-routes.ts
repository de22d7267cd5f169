import { USER_CSV_FILES, type UserCsvKind } from '@rope/domain/users/csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';
import { CSV_ANSWER, csvHeaders, sheetQuerySchema } from '../../http/sheet-reader.ts';
import { exportUsersCsv } from './export-csv.ts';

const SUMMARIES: Record<UserCsvKind, string> = {
  logins: 'CSV of every user with their last login',
  notifications: 'CSV of every user with their notification settings and deliveries',
  list: 'CSV of every user with their details and mandators',
  resets: 'CSV of password resets that expired unused',
};

/** Each download's operationId in the API documentation, unique over the whole API. */
const OPERATION_IDS: Record<UserCsvKind, string> = {
  logins: 'exportUserLogins',
  notifications: 'exportUserNotifications',
  list: 'exportUsers',
  resets: 'exportPasswordResets',
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
            operationId: OPERATION_IDS[kind],
            summary: SUMMARIES[kind],
            produces: ['text/csv'],
            querystring: sheetQuerySchema,
            response: { 200: z.string().describe(CSV_ANSWER) },
          },
        },
        async (request, reply) => {
          const { csv, fileName } = await exportUsersCsv({
            ctx,
            actor: requireActor(request),
            input: { kind, ...request.query },
            request,
          });
          return reply.headers(csvHeaders(fileName)).send(csv);
        },
      );
    }
  };
}
