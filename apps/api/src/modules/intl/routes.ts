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

const LISTS = [
  {
    path: '/intl/country',
    operationId: 'listCountries',
    summary: "Country names by ISO 3166 code, in the caller's language (Accept-Language)",
    names: countryNames,
  },
  {
    path: '/intl/timezone',
    operationId: 'listTimeZones',
    summary: "IANA time zones with a readable label, in the caller's language (Accept-Language)",
    names: timeZoneNames,
  },
];

/**
 * Reference data in the caller's language (Accept-Language), from the platform's Intl data. Each list answers at its
 * documented path and, for the clients of the spec, at the same path with a trailing slash (left out of the document,
 * whose rules want paths without one).
 */
export function intlRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { path, operationId, summary, names } of LISTS) {
      for (const url of [path, `${path}/`]) {
        const hide = url.endsWith('/');
        app.get(
          url,
          { schema: { tags: ['reference'], operationId, summary, hide, response: { 200: namesSchema } } },
          async (request, reply) => {
            requireActor(request);
            const locale = localeFromAcceptLanguage(request.headers['accept-language'], LANGUAGES);
            reply.header('vary', 'Accept-Language');
            return cached(`${path}:${locale}`, () => names(locale));
          },
        );
      }
    }
  };
}
