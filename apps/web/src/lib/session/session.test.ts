import { describe, expect, it } from 'vitest';
import { parseLoginAnswer } from './session';

const user = {
  id: 1,
  name: 'Sabine Keller',
  email: 'admin@example.com',
  roles: ['ROLE_ADMIN'],
  mainRole: 'ROLE_ADMIN',
  isAdmin: true,
  isFreeUser: false,
  permissions: ['USER_EDIT_ANY'],
  mandators: [],
  languageId: 'ENU',
  twoFactorMethod: null,
  pictureUri: null,
  isSingleArea: false,
  singleAreaId: null,
  isLive: false,
  hasImpersonate: true,
};

describe('parseLoginAnswer', () => {
  it('reads a bare {user} as a complete sign-in', () => {
    expect(parseLoginAnswer({ user })).toMatchObject({ twoFactorComplete: true, user: { id: 1 } });
  });

  it('keeps a pending second factor with its method', () => {
    expect(parseLoginAnswer({ twoFactorComplete: false, twoFactorMethod: 'email' })).toEqual({
      twoFactorComplete: false,
      twoFactorMethod: 'email',
    });
  });

  it('refuses an answer that is not a session', () => {
    expect(() => parseLoginAnswer({ user: { id: 'x' } })).toThrow();
  });
});
