import { ALL_MANDATOR_ROLES, type Permission, ROLE_PERMISSIONS } from './permissions.ts';
import { API_ROLES, type Role } from './roles.ts';

export interface Actor {
  userId: number;
  roles: readonly Role[];
  mandatorIds: readonly number[];
  /** How the request authenticated. */
  via: 'session' | 'apiKey';
}

export function isApiRole(role: Role): boolean {
  return (API_ROLES as readonly Role[]).includes(role);
}

export function can(actor: Pick<Actor, 'roles'> | undefined, permission: Permission): boolean {
  if (!actor) return false;
  return actor.roles.some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

export function isAdmin(actor: Pick<Actor, 'roles'> | undefined): boolean {
  return Boolean(actor?.roles.includes('ROLE_ADMIN'));
}

export function seesAllMandators(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((role) => ALL_MANDATOR_ROLES.includes(role));
}

/** The mandators whose data the actor sees: 'all', or a list (possibly empty). */
export function visibleMandators(actor: Pick<Actor, 'roles' | 'mandatorIds'>): 'all' | readonly number[] {
  return seesAllMandators(actor) ? 'all' : actor.mandatorIds;
}

export function seesMandator(actor: Pick<Actor, 'roles' | 'mandatorIds'>, mandatorId: number): boolean {
  const visible = visibleMandators(actor);
  return visible === 'all' || visible.includes(mandatorId);
}
