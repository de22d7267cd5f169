import { safeReturnPath, samlCheckAnswerSchema, samlCheckBodySchema } from '@rope/domain/auth/saml';
import { message } from '@rope/domain/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { redirectAnswer } from '../../http/answers.ts';
import { checkSamlProvider } from './check-provider.ts';
import { consumeAssertion, SamlRefusal } from './consume-assertion.ts';
import { findProvider, requireProvider, serviceProvider } from './service-provider.ts';
import { startSamlSession } from './start-session.ts';

export const SSO_FAILED_PATH = '/login?sso=failed';
const FORM_BODY_LIMIT = 512 * 1024;

const providerParams = z.object({ id: z.string().max(64) });
const loginQuery = z.object({ idp: z.string().max(64), redirect: z.string().max(2000).optional() });
const acsBody = z.object({
  SAMLResponse: z.string().min(1).max(FORM_BODY_LIMIT),
  RelayState: z.string().max(4000).optional(),
});

/** Browsers posting the IdP's form ask for HTML and get redirects; scripts and tests may ask for JSON. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

export function samlRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    if (ctx.env.SAML_PROVIDERS.length > 0 && !ctx.env.PUBLIC_URL) {
      ctx.log.warn('SAML_PROVIDERS is set without PUBLIC_URL: SSO URLs will name http://localhost');
    }

    // The IdP posts its answer as an HTML form; only this plugin needs to read that encoding.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.post(
      '/login/saml-check',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'checkSamlLogin',
          summary: 'Which SAML identity provider signs this username in, if any',
          body: samlCheckBodySchema,
          response: { 200: samlCheckAnswerSchema },
        },
      },
      async (request) => checkSamlProvider({ ctx, input: request.body }),
    );

    app.get(
      '/saml/login',
      {
        config: { access: 'public', errors: ['NOT_FOUND'] },
        schema: {
          tags: ['auth'],
          response: redirectAnswer('On to the identity provider'),
          operationId: 'startSamlLogin',
          summary: 'Redirects the browser to the identity provider with an AuthnRequest',
          querystring: loginQuery,
        },
      },
      async (request, reply) => {
        const provider = requireProvider(ctx.env, request.query.idp);
        const relayState = safeReturnPath(request.query.redirect);
        const url = await serviceProvider(ctx.env, provider).getAuthorizeUrlAsync(relayState, undefined, {});
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/saml/metadata/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'getSamlMetadata',
          summary: 'SAML service provider metadata for one identity provider',
          params: providerParams,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const provider = requireProvider(ctx.env, request.params.id);
        const xml = serviceProvider(ctx.env, provider).generateServiceProviderMetadata(null);
        return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
      },
    );

    app.post(
      '/saml/acs/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          response: redirectAnswer('Signed in (or not): back to the cockpit'),
          operationId: 'consumeSamlAssertion',
          summary: 'Assertion consumer: signs the user in and redirects to the RelayState path',
          params: providerParams,
          body: acsBody,
        },
      },
      async (request, reply) => {
        const provider = findProvider(ctx.env, request.params.id);
        try {
          if (!provider)
            throw new SamlRefusal('unknown-provider', message('app.errors.unknownIdentityProvider'), {}, 'NOT_FOUND');
          const { user } = await consumeAssertion(ctx, provider, request.body.SAMLResponse);
          await startSamlSession(ctx, request, reply, user, provider);
          return reply.redirect(safeReturnPath(request.body.RelayState), 302);
        } catch (error) {
          if (!(error instanceof SamlRefusal)) throw error;
          await writeAudit(
            ctx.db,
            {
              action: 'login.saml.failed',
              details: { provider: request.params.id, reason: error.reason, ...error.details },
            },
            request,
          );
          if (wantsJson(request)) throw error;
          return reply.redirect(SSO_FAILED_PATH, 302);
        }
      },
    );
  };
}
