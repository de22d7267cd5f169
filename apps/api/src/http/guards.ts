import { type Actor, can, type Permission } from '@rope/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from './app-error.ts';

export function requireActor(request: FastifyRequest): Actor {
  const actor = request.auth?.actor;
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Not signed in');
  return actor;
}

/** The verbs' permission check: the actor holds at least one of the permissions named. */
export function assertCan(actor: Actor, ...permissions: Permission[]): void {
  if (!permissions.some((permission) => can(actor, permission))) throw forbidden();
}

export function requirePermission(request: FastifyRequest, permission: Permission): Actor {
  const actor = requireActor(request);
  if (!can(actor, permission)) throw new AppError('FORBIDDEN', 'You are not allowed to do this');
  return actor;
}

export function requireAnyPermission(request: FastifyRequest, permissions: readonly Permission[]): Actor {
  const actor = requireActor(request);
  if (!permissions.some((permission) => can(actor, permission))) {
    throw new AppError('FORBIDDEN', 'You are not allowed to do this');
  }
  return actor;
}

/** The same check as a route hook: `{ preHandler: guard('MANDATOR_MANAGE') }`. */
export function guard(permission?: Permission) {
  return async (request: FastifyRequest) => {
    if (permission) requirePermission(request, permission);
    else requireActor(request);
  };
}

/** People only: a few calls (own 2FA, profile) make no sense for an API key. */
export function requirePerson(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (actor.via !== 'session') throw new AppError('FORBIDDEN', 'This call needs a signed-in person');
  return actor;
}
