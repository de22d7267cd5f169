import { existsSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { message } from '@rope/domain/messages';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../http/app-error.ts';

/**
 * File types the built client is made of: a missing one is a 404, never index.html, so a stale tab asking for an old
 * chunk fails loudly instead of parsing HTML as JavaScript. Any other path (`/areas/1.5`, `/login/reset/abc.def`) is
 * a screen of the app.
 */
const ASSET_TYPES = new Set([
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.svg',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.ico',
  '.woff',
  '.woff2',
  '.ttf',
  '.br',
  '.gz',
  '.webmanifest',
]);

/** Serves the built web client; every non-API path falls back to index.html so deep links survive a reload. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasClient = existsSync(join(webDist, 'index.html'));
  if (!hasClient) app.log.warn({ webDist }, 'web client not built: only the API is served');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside every text file; they are chosen by Accept-Encoding (with
      // Vary: accept-encoding), never addressed by name.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change. Everything else is asked for again each
        // time: index.html, and the service worker (sw.js) and manifest, which a cached copy would pin
        // to an old version of the app.
        const immutable = relative(webDist, path).startsWith(`assets${sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/'))
      throw new AppError('NOT_FOUND', message('app.errors.noSuchCall', { method: request.method, path }));
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
    if (!hasClient) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client is not built. Run the start command of README.md.');
    }
    if (path.startsWith('/assets/') || ASSET_TYPES.has(extname(path).toLowerCase())) {
      // Files are routed when the server starts; one built since then is still served.
      const file = path.slice(1);
      const servable = /^[\w./-]+$/.test(file) && !file.split('/').includes('..') && !/\.(br|gz)$/.test(file);
      if (servable && existsSync(join(webDist, file))) {
        return reply.sendFile(file);
      }
      throw notFound();
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
