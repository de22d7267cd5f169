import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.ts';

/** Serves the built web client; every non-API path falls back to index.html so deep links survive a reload. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasClient = existsSync(join(webDist, 'index.html'));
  if (!hasClient) app.log.warn({ webDist }, 'web client not built: only the API is served');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Vite puts a content hash in every asset name, so those never change.
        const immutable = relative(webDist, path).startsWith(`assets${sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/'))
      throw new AppError('NOT_FOUND', `No such call: ${request.method} ${path}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'Not found');
    if (!hasClient) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client is not built. Run the start command of README.md.');
    }
    const asset = /^\/[\w./-]+\.[a-z0-9]{1,8}$/i.test(path) && !path.includes('..') ? path.slice(1) : undefined;
    if (asset && existsSync(join(webDist, asset))) return reply.sendFile(asset);
    if (asset) throw new AppError('NOT_FOUND', 'Not found');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
