import type { Permission } from '@rope/domain/access/permissions';
import type { SessionUser } from '@rope/domain/auth/session';

export interface NavItem {
  /** Translation key under shell.nav. */
  key:
    | 'areas'
    | 'dashboard'
    | 'documents'
    | 'generalDocuments'
    | 'search'
    | 'users'
    | 'openapi'
    | 'webhooks'
    | 'mandators'
    | 'sensors'
    | 'smartropes'
    | 'imprint';
  path: string;
  /** Any one of these lets the user see the item; none listed means everyone. */
  permissions: readonly Permission[];
  adminOnly: boolean;
  /** Whether the screen behind it exists yet; items of screens still to come are not shown. */
  available: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'areas', path: '/areas', permissions: ['AREA_PAGE'], adminOnly: false, available: true },
  { key: 'dashboard', path: '/dashboard', permissions: ['DASHBOARD'], adminOnly: false, available: true },
  { key: 'documents', path: '/documents', permissions: ['DOCUMENT'], adminOnly: false, available: true },
  {
    key: 'generalDocuments',
    path: '/general-documents',
    permissions: ['DOCUMENT'],
    adminOnly: false,
    available: true,
  },
  { key: 'search', path: '/search', permissions: ['GLOBAL_SEARCH'], adminOnly: false, available: true },
  { key: 'users', path: '/users', permissions: ['USER_EDIT_OWN', 'USER_EDIT_ANY'], adminOnly: false, available: true },
  { key: 'openapi', path: '/openapi', permissions: ['API_PAGE'], adminOnly: false, available: true },
  { key: 'webhooks', path: '/webhooks', permissions: ['WEBHOOK_MANAGE'], adminOnly: false, available: true },
  { key: 'mandators', path: '/mandators', permissions: [], adminOnly: true, available: true },
  { key: 'sensors', path: '/sensor-devices', permissions: [], adminOnly: true, available: true },
  { key: 'smartropes', path: '/smartropes', permissions: [], adminOnly: true, available: true },
  { key: 'imprint', path: '/imprint', permissions: [], adminOnly: false, available: true },
];

type NavUser = Pick<SessionUser, 'isAdmin' | 'permissions'>;
type StartUser = NavUser & Pick<SessionUser, 'isSingleArea' | 'singleAreaId'>;

export function mayUseNavItem(user: NavUser, item: NavItem): boolean {
  if (item.adminOnly && !user.isAdmin) return false;
  return item.permissions.length === 0 || item.permissions.some((permission) => user.permissions.includes(permission));
}

/** The items this user sees, in menu order. */
export function visibleNavItems(user: NavUser, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => item.available && mayUseNavItem(user, item));
}

/**
 * Where `/` leads: a single-area user into the area, anyone with the areas screen to it, anyone else to the first
 * general documents (a free user: they are what such a user may use), anyone else to the first screen they may
 * use; nobody lands on a page of server internals.
 */
export function startPath(user: StartUser, items: readonly NavItem[] = NAV_ITEMS): string {
  const areas = items.find((item) => item.key === 'areas');
  if (areas?.available && mayUseNavItem(user, areas)) {
    return user.isSingleArea && user.singleAreaId !== null ? `/areas/${user.singleAreaId}` : areas.path;
  }
  const general = items.find((item) => item.key === 'generalDocuments');
  if (general?.available && mayUseNavItem(user, general)) return general.path;
  return visibleNavItems(user, items)[0]?.path ?? '/imprint';
}
