export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_PROJECT_MANAGER',
  'ROLE_CLIENT_ADMIN',
  'ROLE_USER',
  'ROLE_FREE_USER',
  'ROLE_API_INTERNAL',
  'ROLE_API_IMPORT',
  'ROLE_API_EXTERNAL',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that authenticate with an API key instead of a session. */
export const API_ROLES = [
  'ROLE_API_INTERNAL',
  'ROLE_API_IMPORT',
  'ROLE_API_EXTERNAL',
] as const satisfies readonly Role[];
export type ApiRole = (typeof API_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_USER: 'Client',
  ROLE_ADMIN: 'Admin',
  ROLE_CLIENT_ADMIN: 'Client Admin',
  ROLE_API_INTERNAL: 'API (internal)',
  ROLE_API_IMPORT: 'API (data import)',
  ROLE_API_EXTERNAL: 'API (external)',
  ROLE_FREE_USER: 'Free user',
  ROLE_PROJECT_MANAGER: 'Project manager',
};
