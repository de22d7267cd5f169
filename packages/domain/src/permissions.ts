import { API_ROLES, ROLES, type Role } from './roles.ts';

export const PERMISSIONS = [
  'API_PAGE',
  'AREA_PAGE',
  'DASHBOARD',
  'DOCUMENT',
  'GLOBAL_SEARCH',
  'AREA_FULL_EDIT',
  'AREA_PARTIAL_EDIT',
  'USER_EDIT_ANY',
  'USER_EDIT_OWN',
  'IMPERSONATE_USER',
  // Admin screens and controls the spec reserves for admins.
  'MANDATOR_MANAGE',
  'SENSOR_MANAGE',
  'SMARTROPE_MANAGE',
  'FOLDER_EDIT',
  'USER_EXPORT',
  'MAP_EDIT',
  // What runs underneath (database and queue kinds, version) in /api/health: the operators' staff only.
  'SYSTEM_STATUS',
  // The privileged set for CSV export and damage chart controls.
  'CHART_CONTROLS',
  // Admins and project managers: internal tasks and the installation timezone.
  'TASK_INTERNAL',
  'INSTALLATION_TIMEZONE',
  // The domain itself: read it, record events and tasks, import data through the API.
  'DOMAIN_READ',
  'DOMAIN_WRITE',
  'DATA_IMPORT',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CLIENT_BASE: Permission[] = [
  'AREA_PAGE',
  'DASHBOARD',
  'DOCUMENT',
  'GLOBAL_SEARCH',
  'DOMAIN_READ',
  'DOMAIN_WRITE',
];

/** Which role holds which permission; a user's permissions are the union over their roles. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  ROLE_ADMIN: PERMISSIONS,
  ROLE_PROJECT_MANAGER: [
    ...CLIENT_BASE,
    'API_PAGE',
    'AREA_PARTIAL_EDIT',
    'IMPERSONATE_USER',
    'CHART_CONTROLS',
    'TASK_INTERNAL',
    'INSTALLATION_TIMEZONE',
  ],
  ROLE_CLIENT_ADMIN: [...CLIENT_BASE, 'AREA_PARTIAL_EDIT', 'USER_EDIT_OWN', 'CHART_CONTROLS'],
  ROLE_USER: CLIENT_BASE,
  ROLE_FREE_USER: ['DOCUMENT', 'GLOBAL_SEARCH', 'DOMAIN_READ'],
  ROLE_API_INTERNAL: ['API_PAGE', 'DOMAIN_READ', 'DOMAIN_WRITE', 'DATA_IMPORT', 'DOCUMENT'],
  ROLE_API_IMPORT: ['DATA_IMPORT'],
  ROLE_API_EXTERNAL: ['DOMAIN_READ', 'DOCUMENT'],
};

/** Roles that see every mandator's data; everyone else sees the areas of their own mandators. */
export const ALL_MANDATOR_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_PROJECT_MANAGER', 'ROLE_API_INTERNAL'];
/** Admins and project managers form one group: they alone mark tasks internal and are the internal users. */
export const INTERNAL_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_PROJECT_MANAGER'];
/** Roles whose mandator list is kept; for other roles mandators are dropped on save. */
export const MANDATOR_BOUND_ROLES: readonly Role[] = [
  'ROLE_CLIENT_ADMIN',
  'ROLE_USER',
  'ROLE_FREE_USER',
  'ROLE_API_IMPORT',
  'ROLE_API_EXTERNAL',
];
/** Roles a client admin may give: never an admin or internal role. */
export const CLIENT_ASSIGNABLE_ROLES: readonly Role[] = ['ROLE_USER', 'ROLE_CLIENT_ADMIN', 'ROLE_FREE_USER'];

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

/**
 * The users of a mandator: admins (mandator management) for any mandator; client admins (edit-own) for their
 * own mandators, since those are the users they manage anyway.
 */
export function mayListMandatorUsers(actor: Actor, mandatorId: number): boolean {
  if (can(actor, 'MANDATOR_MANAGE')) return true;
  return can(actor, 'USER_EDIT_OWN') && actor.mandatorIds.includes(mandatorId);
}
