import { ROLE_PERMISSIONS } from '@rope/domain/access/permissions';
import type { Role } from '@rope/domain/access/roles';
import { describe, expect, it } from 'vitest';
import { mayUseNavItem, NAV_ITEMS, startPath, visibleNavItems } from './nav-items';

const userWith = (role: Role) => ({ isAdmin: role === 'ROLE_ADMIN', permissions: [...ROLE_PERMISSIONS[role]] });
const keys = (role: Role) => visibleNavItems(userWith(role)).map((item) => item.key);
const item = (key: string) => {
  const found = NAV_ITEMS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('navigation items', () => {
  it('shows admins every screen that exists', () => {
    expect(keys('ROLE_ADMIN')).toEqual([
      'areas',
      'dashboard',
      'documents',
      'generalDocuments',
      'search',
      'users',
      'openapi',
      'webhooks',
      'mandators',
      'sensors',
      'smartropes',
      'imprint',
    ]);
  });

  it('shows users only to those who may edit users, the API page and webhooks only with their permissions', () => {
    const documents = ['documents', 'generalDocuments', 'search'];
    expect(keys('ROLE_CLIENT_ADMIN')).toEqual(['areas', 'dashboard', ...documents, 'users', 'webhooks', 'imprint']);
    expect(keys('ROLE_PROJECT_MANAGER')).toEqual(['areas', 'dashboard', ...documents, 'openapi', 'imprint']);
    expect(keys('ROLE_USER')).toEqual(['areas', 'dashboard', ...documents, 'imprint']);
    expect(keys('ROLE_FREE_USER')).toEqual([...documents, 'imprint']);
  });

  it('lands free users on the general documents, everyone with areas on the areas', () => {
    const start = (role: Role) => startPath({ ...userWith(role), isSingleArea: false, singleAreaId: null });
    expect(start('ROLE_FREE_USER')).toBe('/general-documents');
    expect(start('ROLE_USER')).toBe('/areas');
    expect(start('ROLE_ADMIN')).toBe('/areas');
    expect(start('ROLE_API_IMPORT')).toBe('/imprint');
  });

  it('decides the admin screens by permission too', () => {
    expect(mayUseNavItem(userWith('ROLE_USER'), item('areas'))).toBe(true);
    expect(mayUseNavItem(userWith('ROLE_FREE_USER'), item('areas'))).toBe(false);
    expect(mayUseNavItem(userWith('ROLE_FREE_USER'), item('generalDocuments'))).toBe(true);
    expect(mayUseNavItem(userWith('ROLE_CLIENT_ADMIN'), item('sensors'))).toBe(false);
    expect(mayUseNavItem(userWith('ROLE_ADMIN'), item('smartropes'))).toBe(true);
  });

  it('keeps mandators, sensors and smartropes to admins even with every permission', () => {
    const notAdmin = { isAdmin: false, permissions: [...ROLE_PERMISSIONS.ROLE_ADMIN] };
    for (const key of ['mandators', 'sensors', 'smartropes']) expect(mayUseNavItem(notAdmin, item(key))).toBe(false);
  });

  it('links every screen the spec names', () => {
    expect(NAV_ITEMS.map((entry) => entry.path)).toEqual([
      '/areas',
      '/dashboard',
      '/documents',
      '/general-documents',
      '/search',
      '/users',
      '/openapi',
      '/webhooks',
      '/mandators',
      '/sensor-devices',
      '/smartropes',
      '/imprint',
    ]);
  });
});
