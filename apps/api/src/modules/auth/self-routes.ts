import {
  messageAnswerSchema,
  selfTwoFactorSchema,
  selfTwoFactorUpdateSchema,
  selfUpdateSchema,
  twoFactorQrQuerySchema,
  twoFactorSecretAnswerSchema,
} from '@rope/domain/auth/rules';
import { sessionUserSchema } from '@rope/domain/auth/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../session/load-actor.ts';
import type { SessionRow } from '../../session/session-store.ts';
import { newTotpSecret, otpauthUrl } from './second-factor.ts';
import { sendProofCode } from './send-proof-code.ts';
import { updateSelf } from './update-self.ts';
import { updateTwoFactor } from './update-two-factor.ts';

const selfOf = (request: { auth: { user?: UserRow } }) => request.auth.user!;
const sessionOf = (request: { auth: { session?: SessionRow } }) => request.auth.session!;

/** The signed-in person's own settings: the two-factor method (with its QR code), language, notifications. */
export function selfRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    app.get(
      '/users/self/2fa',
      {
        config: { access: 'session-only' },
        schema: {
          tags,
          operationId: 'getOwnTwoFactorMethod',
          summary: 'Own two-factor method',
          response: { 200: selfTwoFactorSchema },
        },
      },
      async (request) => selfTwoFactorSchema.parse({ twoFactorMethod: selfOf(request).twoFactorMethod }),
    );

    app.post(
      '/users/self/2fa/secret',
      {
        config: { access: 'session-only' },
        schema: {
          tags,
          operationId: 'createTwoFactorSecret',
          summary: 'A new authenticator secret to scan',
          response: { 200: twoFactorSecretAnswerSchema },
        },
      },
      async (request) => newTotpSecret(selfOf(request).email),
    );

    app.get(
      '/users/self/2fa/qr',
      {
        config: { access: 'session-only' },
        schema: {
          tags,
          operationId: 'getTwoFactorQrCode',
          summary: 'QR code (PNG) of the otpauth URL for a secret',
          querystring: twoFactorQrQuerySchema,
          response: { 200: z.any().describe('image/png') },
        },
      },
      async (request, reply) => {
        const png = await QRCode.toBuffer(otpauthUrl(selfOf(request).email, request.query.secret), {
          type: 'png',
          margin: 1,
          width: 240,
        });
        return reply.header('Cache-Control', 'no-store').type('image/png').send(png);
      },
    );

    app.patch(
      '/users/self/2fa',
      {
        config: { access: 'session-only', errors: ['TOO_MANY_REQUESTS'] },
        schema: {
          tags,
          operationId: 'updateOwnTwoFactorMethod',
          summary: 'Choose the two-factor method',
          body: selfTwoFactorUpdateSchema,
          response: { 200: selfTwoFactorSchema },
        },
      },
      async (request) =>
        updateTwoFactor({
          ctx,
          user: selfOf(request),
          sessionIdHash: request.auth.session?.idHash,
          input: request.body,
          request,
        }),
    );

    app.post(
      '/users/self/2fa/code',
      {
        config: { access: 'session-only', errors: ['TOO_MANY_REQUESTS'] },
        schema: {
          tags,
          operationId: 'sendTwoFactorProofCode',
          summary: 'Mail a code of the email factor, the proof for changing it without a password',
          response: { 200: messageAnswerSchema },
        },
      },
      async (request) => sendProofCode({ ctx, user: selfOf(request), session: sessionOf(request), request }),
    );

    app.patch(
      '/users/self',
      {
        config: { access: 'session-only' },
        schema: {
          tags,
          operationId: 'updateOwnSettings',
          summary: 'Own language and notifications',
          body: selfUpdateSchema,
          response: { 200: z.object({ user: sessionUserSchema }) },
        },
      },
      async (request) => ({ user: await updateSelf({ ctx, auth: request.auth, input: request.body }) }),
    );
  };
}
