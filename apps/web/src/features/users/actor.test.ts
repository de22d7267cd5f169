import { canManageUser } from '@rope/domain/users/policy';
import { describe, expect, it } from 'vitest';
import { listSubject, sessionActor } from './actor';

const clientAdmin = sessionActor({ id: 5, roles: ['ROLE_CLIENT_ADMIN'], mandators: [{ id: 1, name: 'Alpin AG' }] });
const row = (id: number, roles: ('ROLE_USER' | 'ROLE_CLIENT_ADMIN' | 'ROLE_ADMIN')[]) =>
  listSubject({ id, roles, mandators: [{ id: 1, name: 'Alpin AG' }] });

describe('session actor', () => {
  it('lets a client admin edit the users of their mandator, but never their own record or an admin', () => {
    expect(clientAdmin).toEqual({ userId: 5, roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [1], via: 'session' });
    expect(canManageUser(clientAdmin, row(6, ['ROLE_USER']))).toBe(true);
    expect(canManageUser(clientAdmin, row(5, ['ROLE_CLIENT_ADMIN']))).toBe(false);
    expect(canManageUser(clientAdmin, row(7, ['ROLE_ADMIN']))).toBe(false);
  });
});
