import {
  linkCheckAnswerSchema,
  messageAnswerSchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  resetRequestQuerySchema,
  resetTokenParamsSchema,
  unsubscribeBodySchema,
} from '@rope/domain/auth/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requestReset } from './request-reset.ts';
import { checkResetToken, resetPassword } from './reset-password.ts';
import { checkUnsubscribe, unsubscribe } from './unsubscribe.ts';

/** The calls of the login screen's other views: forgot password, activation, reset, unsubscribe. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reset-password',
      {
        config: { access: 'public', errors: ['TOO_MANY_REQUESTS'] },
        schema: {
          tags: ['auth'],
          operationId: 'requestPasswordReset',
          summary: 'Mail a reset (reason=reset) or activation (reason=activate) link; always the same answer',
          querystring: resetRequestQuerySchema,
          body: resetRequestBodySchema,
          response: { 200: messageAnswerSchema },
        },
      },
      async (request) => requestReset({ ctx, input: { email: request.body.email, reason: request.query.reason } }),
    );

    app.get(
      '/reset-password/reset/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'checkPasswordResetToken',
          summary: 'Whether a mailed reset or activation link still works (unknown, used and expired: valid false)',
          params: resetTokenParamsSchema,
          response: { 200: linkCheckAnswerSchema },
        },
      },
      async (request) => checkResetToken({ ctx, token: request.params.token }),
    );

    app.post(
      '/reset-password/reset/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'resetPassword',
          summary: 'Set a new password with a mailed token',
          params: resetTokenParamsSchema,
          body: resetPasswordBodySchema,
          response: { 200: messageAnswerSchema },
        },
      },
      async (request) =>
        resetPassword({ ctx, input: { token: request.params.token, password: request.body.password }, request }),
    );

    app.post(
      '/notification/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'unsubscribeNotifications',
          summary: 'Switch notification mails off with the link from a notification mail',
          body: unsubscribeBodySchema,
          response: { 200: messageAnswerSchema },
        },
      },
      async (request) => unsubscribe({ ctx, input: request.body, request }),
    );

    app.post(
      '/notification/unsubscribe/check',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'checkUnsubscribeLink',
          summary: 'Whether an unsubscribe link is one of ours; changes nothing and tells nothing about accounts',
          body: unsubscribeBodySchema,
          response: { 200: linkCheckAnswerSchema },
        },
      },
      async (request) => checkUnsubscribe({ ctx, input: request.body }),
    );
  };
}
