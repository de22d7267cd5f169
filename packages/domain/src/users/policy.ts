import { type Actor, can } from '../access/actor.ts';
import { CLIENT_ASSIGNABLE_ROLES, MANDATOR_BOUND_ROLES } from '../access/permissions.ts';
import { ROLES, type Role } from '../access/roles.ts';

export interface UserSubject {
  id: number;
  roles: readonly Role[];
  mandatorIds: readonly number[];
}

/**
 * Whether the actor may edit or delete this user: USER_EDIT_ANY for anyone; USER_EDIT_OWN for users of the
 * actor's own mandators that hold no admin or internal role, and never the actor's own record.
 */
export function canManageUser(actor: Actor, target: UserSubject): boolean {
  if (can(actor, 'USER_EDIT_ANY')) return true;
  if (!can(actor, 'USER_EDIT_OWN') || target.id === actor.userId) return false;
  if (!target.roles.every((role) => CLIENT_ASSIGNABLE_ROLES.includes(role))) return false;
  return target.mandatorIds.length > 0 && target.mandatorIds.every((id) => actor.mandatorIds.includes(id));
}

/** Whether the actor may see this user in lists: managers see whom they manage; admins and PMs see all. */
export function canSeeUser(actor: Actor, target: UserSubject): boolean {
  if (can(actor, 'USER_EDIT_ANY') || can(actor, 'IMPERSONATE_USER')) return true;
  if (target.id === actor.userId) return true;
  return can(actor, 'USER_EDIT_OWN') && target.mandatorIds.some((id) => actor.mandatorIds.includes(id));
}

/** People who manage users (the users screen): edit-any or edit-own. */
export function managesUsers(actor: Pick<Actor, 'roles'> | undefined): boolean {
  return can(actor, 'USER_EDIT_ANY') || can(actor, 'USER_EDIT_OWN');
}

/** Whom the users screen shows: a mandator filter and the roles a listed user may hold. */
export interface UserScope {
  mandatorIds: 'all' | readonly number[];
  roles: readonly Role[];
}

/**
 * Edit-any sees every user; edit-own sees users sharing a mandator with the actor that hold client roles only
 * (never admins, project managers or API accounts). Undefined for anyone else.
 */
export function userScope(actor: Actor): UserScope | undefined {
  if (can(actor, 'USER_EDIT_ANY')) return { mandatorIds: 'all', roles: ROLES };
  if (can(actor, 'USER_EDIT_OWN')) return { mandatorIds: actor.mandatorIds, roles: CLIENT_ASSIGNABLE_ROLES };
  return undefined;
}

/** Whether a user shows on the actor's users screen and can be opened there; anything else answers 404. */
export function seesUserOnUsersScreen(actor: Actor, target: UserSubject): boolean {
  const scope = userScope(actor);
  if (!scope || !canSeeUser(actor, target)) return false;
  if (!target.roles.every((role) => scope.roles.includes(role))) return false;
  const mandatorIds = scope.mandatorIds;
  return mandatorIds === 'all' || target.mandatorIds.some((id) => mandatorIds.includes(id));
}

/** The admin-only "Show free users" checkbox: anyone else's request for free users is ignored. */
export function mayShowFreeUsers(actor: Pick<Actor, 'roles'>): boolean {
  return can(actor, 'USER_EDIT_ANY');
}

/** Roles the actor may give on create; changing a role later needs edit-any. */
export function assignableRoles(actor: Pick<Actor, 'roles'>): readonly Role[] {
  if (can(actor, 'USER_EDIT_ANY')) return ROLES;
  return can(actor, 'USER_EDIT_OWN') ? CLIENT_ASSIGNABLE_ROLES : [];
}

/** Mandators are kept only while one of the user's roles is bound to mandators. */
export function keepsMandators(roles: readonly Role[]): boolean {
  return roles.some((role) => MANDATOR_BOUND_ROLES.includes(role));
}

/** Roles whose data comes only through their mandators: without one such a user sees nothing at all. */
const DATA_THROUGH_MANDATOR_ROLES: readonly Role[] = MANDATOR_BOUND_ROLES.filter((role) => role !== 'ROLE_FREE_USER');

/** Whether saving these roles with these mandators leaves a user who sees nothing (the dialog warns and asks). */
export function seesNothingWithoutMandator(roles: readonly Role[], mandatorIds: readonly unknown[]): boolean {
  return mandatorIds.length === 0 && roles.some((role) => DATA_THROUGH_MANDATOR_ROLES.includes(role));
}

export function isFreeUser(user: Pick<UserSubject, 'roles'>): boolean {
  return user.roles[0] === 'ROLE_FREE_USER';
}

/** Profile pictures belong to project managers (shown on the project contact ribbon). */
export function hasProfilePicture(user: Pick<UserSubject, 'roles'>): boolean {
  return user.roles.includes('ROLE_PROJECT_MANAGER');
}

/** Who may replace a profile picture: edit-any, or the person themself. */
export function mayChangePicture(actor: Actor, userId: number): boolean {
  return can(actor, 'USER_EDIT_ANY') || actor.userId === userId;
}
