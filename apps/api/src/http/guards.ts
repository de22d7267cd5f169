import { type Actor, can } from '@rope/domain/access/actor';
import type { Permission } from '@rope/domain/access/permissions';
import { message } from '@rope/domain/messages';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from './app-error.ts';

/** The caller of a route that needs one; the authenticate hook has answered 401 to anyone else already. */
export function requireActor(request: FastifyRequest): Actor {
  const actor = request.auth?.actor;
  if (!actor) throw new AppError('UNAUTHENTICATED', message('app.errors.notSignedIn'));
  return actor;
}

/** The verbs' permission check: the actor holds at least one of the permissions named. */
export function assertCan(actor: Actor, ...permissions: Permission[]): void {
  if (!permissions.some((permission) => can(actor, permission))) throw forbidden();
}
