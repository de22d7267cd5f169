import type { IncomingMessage, ServerResponse } from 'node:http';
import { message } from '@rope/domain/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../http/app-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET calls that change state all the same: another site must not be able to end a session with a link. */
const STATE_CHANGING_GETS = new Set(['/api/logout']);
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets for `options`, worked out once: with no nonces they are the same for every answer, and
 * @fastify/helmet built helmet's middleware anew, its policy parsed, on every request (2 % of a small answer's CPU).
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurity(app: FastifyInstance, options: { tileHosts?: string[] } = {}) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.tileHosts ?? ['https:'])],
        connectSrc: ["'self'"],
        // The web client's service worker (sw.js) and web app manifest, both served from here.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent below, and only over HTTPS: browsers ignore it over plain HTTP, and it says nothing true there.
    strictTransportSecurity: false,
  });
  // On the raw answer, as helmet does: headers a route sets itself (a page's own policy) take precedence.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });

  app.addHook('onRequest', async (request, reply) => {
    // request.protocol is the connection's, or X-Forwarded-Proto when the proxy is trusted (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  // SameSite cookies already keep other sites' cookies out; this refuses cross-site writes outright.
  app.addHook('onRequest', async (request) => {
    if (!changesState(request)) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    // An identity provider posts its signed assertion from its own site; the signature is the proof there.
    if (request.url.startsWith('/api/saml/acs/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw crossSite();
    // Origin on writes; a navigation (GET /logout) carries none, so older browsers are checked by their Referer.
    const claimed = request.headers.origin ?? request.headers.referer;
    if (claimed === undefined) return;
    const own = ownOrigin(request);
    const theirs = originOf(claimed);
    if (!theirs || theirs !== own) throw crossSite(theirs, own);
  });
}

function changesState(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (STATE_CHANGING.has(request.method)) return path.startsWith('/api/');
  return (request.method === 'GET' || request.method === 'HEAD') && STATE_CHANGING_GETS.has(path);
}

/** Scheme, host and port as the browser sees this server; behind a TLS proxy that needs TRUST_PROXY. */
function ownOrigin(request: FastifyRequest): string | undefined {
  return originOf(`${request.protocol}://${request.host}`);
}

/** `null` (sandboxed frames, data: pages, some redirects) and anything unparsable have no origin to match. */
function originOf(value: string): string | undefined {
  if (value === 'null') return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function crossSite(theirs?: string, own?: string): AppError {
  const behindProxy = theirs && own && new URL(theirs).host === new URL(own).host;
  return new AppError(
    'FORBIDDEN',
    behindProxy ? message('app.errors.crossSiteBehindProxy', { origin: theirs, own }) : message('app.errors.crossSite'),
  );
}
