import type { Actor } from '@rope/domain/access/actor';
import type { Role } from '@rope/domain/access/roles';
import { mayListMandatorUsers } from '@rope/domain/mandators/policy';
import {
  assignableRoles,
  hasProfilePicture,
  isFreeUser,
  keepsMandators,
  managesUsers,
  mayChangePicture,
  mayShowFreeUsers,
  seesUserOnUsersScreen,
  userScope,
} from '@rope/domain/users/policy';
import { describe, expect, it } from 'vitest';

const actor = (roles: Role[], mandatorIds: number[] = [], userId = 1): Actor => ({
  userId,
  roles,
  mandatorIds,
  via: 'session',
});
const target = (id: number, roles: Role[], mandatorIds: number[]) => ({ id, roles, mandatorIds });

describe('who manages whom on the users screen', () => {
  const admin = actor(['ROLE_ADMIN']);
  const clientAdmin = actor(['ROLE_CLIENT_ADMIN'], [1, 2]);

  it('gives the users screen to edit-any and edit-own only', () => {
    expect(managesUsers(admin)).toBe(true);
    expect(managesUsers(clientAdmin)).toBe(true);
    for (const role of ['ROLE_PROJECT_MANAGER', 'ROLE_USER', 'ROLE_FREE_USER', 'ROLE_API_INTERNAL'] as Role[]) {
      expect(managesUsers(actor([role])), role).toBe(false);
      expect(userScope(actor([role])), role).toBeUndefined();
    }
  });

  it('shows admins everyone, client admins client users sharing a mandator', () => {
    expect(userScope(admin)).toMatchObject({ mandatorIds: 'all' });
    expect(seesUserOnUsersScreen(admin, target(5, ['ROLE_API_IMPORT'], []))).toBe(true);
    expect(seesUserOnUsersScreen(clientAdmin, target(5, ['ROLE_USER'], [2, 3]))).toBe(true);
    expect(seesUserOnUsersScreen(clientAdmin, target(5, ['ROLE_USER'], [3]))).toBe(false);
    expect(seesUserOnUsersScreen(clientAdmin, target(5, ['ROLE_ADMIN'], [1]))).toBe(false);
    expect(seesUserOnUsersScreen(clientAdmin, target(5, ['ROLE_PROJECT_MANAGER'], [1]))).toBe(false);
    expect(seesUserOnUsersScreen(clientAdmin, target(5, ['ROLE_API_EXTERNAL'], [1]))).toBe(false);
    expect(seesUserOnUsersScreen(clientAdmin, target(1, ['ROLE_CLIENT_ADMIN'], [1, 2]))).toBe(true);
    expect(seesUserOnUsersScreen(actor(['ROLE_PROJECT_MANAGER']), target(5, ['ROLE_USER'], [1]))).toBe(false);
  });

  it('keeps the free-user checkbox and every role for admins', () => {
    expect(mayShowFreeUsers(admin)).toBe(true);
    expect(mayShowFreeUsers(clientAdmin)).toBe(false);
    expect(assignableRoles(admin)).toContain('ROLE_ADMIN');
    expect(assignableRoles(clientAdmin)).toEqual(['ROLE_USER', 'ROLE_CLIENT_ADMIN', 'ROLE_FREE_USER']);
    expect(assignableRoles(actor(['ROLE_USER']))).toEqual([]);
  });

  it('knows mandator-bound roles, free users and picture owners', () => {
    expect(keepsMandators(['ROLE_USER'])).toBe(true);
    expect(keepsMandators(['ROLE_ADMIN'])).toBe(false);
    expect(keepsMandators(['ROLE_API_INTERNAL'])).toBe(false);
    expect(isFreeUser({ roles: ['ROLE_FREE_USER'] })).toBe(true);
    expect(isFreeUser({ roles: ['ROLE_USER', 'ROLE_FREE_USER'] })).toBe(false);
    expect(hasProfilePicture({ roles: ['ROLE_PROJECT_MANAGER'] })).toBe(true);
    expect(hasProfilePicture({ roles: ['ROLE_ADMIN'] })).toBe(false);
    expect(mayChangePicture(actor(['ROLE_PROJECT_MANAGER'], [], 7), 7)).toBe(true);
    expect(mayChangePicture(actor(['ROLE_PROJECT_MANAGER'], [], 7), 8)).toBe(false);
    expect(mayChangePicture(admin, 8)).toBe(true);
  });

  it('lists a mandator’s users to admins and to client admins of that mandator', () => {
    expect(mayListMandatorUsers(admin, 9)).toBe(true);
    expect(mayListMandatorUsers(clientAdmin, 2)).toBe(true);
    expect(mayListMandatorUsers(clientAdmin, 9)).toBe(false);
    expect(mayListMandatorUsers(actor(['ROLE_USER'], [2]), 2)).toBe(false);
  });
});
