import type { Role } from './roles.ts';

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
  // Make and revoke the API keys of API users.
  'API_KEY_MANAGE',
  // Register and watch the webhook endpoints of the mandators one sees (admins, client admins).
  'WEBHOOK_MANAGE',
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
  ROLE_CLIENT_ADMIN: [...CLIENT_BASE, 'AREA_PARTIAL_EDIT', 'USER_EDIT_OWN', 'CHART_CONTROLS', 'WEBHOOK_MANAGE'],
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
