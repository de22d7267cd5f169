import { message } from '@rope/domain/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * While the server shuts down, a request that still arrives (pipelined, or on a keep-alive connection) answers 503
 * in the API's error shape with a message key and Retry-After, instead of Fastify's built-in keyless body
 * (`return503OnClosing` is off for this). Registered first, so nothing else runs for such a request.
 */
export function registerClosingAnswer(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const error = new AppError('UNAVAILABLE', message('app.errors.shuttingDown'));
    // Sent as text: a route's response schema for 503 (the health check's) must not turn it into a 500.
    return reply
      .code(error.status)
      .header('connection', 'close')
      .header('retry-after', '5')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code: error.code, message: error.message, key: error.key.key }));
  });
}
