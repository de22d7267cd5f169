import type { Actor } from '@rope/domain/access/actor';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * The one shape of every verb (create, update, remove, list, get, ...). A verb looks its objects up within the
 * actor's tenants (a foreign one answers like a missing one), refuses changes under the archive and checks the
 * actor's permission itself, so a job or an import calls it exactly as a route does.
 */
export interface ActionArgs<I> {
  ctx: AppContext;
  actor: Actor;
  input: I;
  /** The HTTP request when a route calls: the audit log's ip and session. Jobs and imports have none. */
  request?: FastifyRequest;
}
