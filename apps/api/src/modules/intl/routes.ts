import { LANGUAGES } from '@rope/domain/common';
import { countryNames, localeFromAcceptLanguage, timeZoneNames } from '@rope/domain/intl';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireActor } from '../../http/guards.ts';

const namesSchema = z.record(z.string(), z.string());
const cache = new Map<string, Record<string, string>>();

function cached(key: string, build: () => Record<string, string>) {
  let value = cache.get(key);
  if (!value) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

/** Reference data in the caller's language (Accept-Language), from the platform's Intl data. */
export function intlRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/intl/country/',
      { schema: { tags: ['reference'], response: { 200: namesSchema } } },
      async (request, reply) => {
        requireActor(request);
        const locale = localeFromAcceptLanguage(request.headers['accept-language'], LANGUAGES);
        reply.header('vary', 'Accept-Language');
        return cached(`country:${locale}`, () => countryNames(locale));
      },
    );
    app.get(
      '/intl/timezone/',
      { schema: { tags: ['reference'], response: { 200: namesSchema } } },
      async (request, reply) => {
        requireActor(request);
        const locale = localeFromAcceptLanguage(request.headers['accept-language'], LANGUAGES);
        reply.header('vary', 'Accept-Language');
        return cached(`timezone:${locale}`, () => timeZoneNames(locale));
      },
    );
  };
}
