import {
  acceptsPasswordLogin,
  isAlphanumericToken,
  isBase32Secret,
  isPasswordExpired,
  isSuitableForEmailLogin,
  mayUseLoginMethod,
} from '@rope/domain/auth/rules';
import { describe, expect, it } from 'vitest';

const DAY = 86_400_000;

describe('sign-in rules of packages/domain/auth', () => {
  it('lets only clients and free users sign in without a password', () => {
    const email = 'anna@bergbahn.example';
    expect(mayUseLoginMethod({ roles: ['ROLE_USER'], email }, 'no-password')).toBe(true);
    expect(mayUseLoginMethod({ roles: ['ROLE_FREE_USER'], email }, 'no-password')).toBe(true);
    for (const role of ['ROLE_ADMIN', 'ROLE_PROJECT_MANAGER', 'ROLE_CLIENT_ADMIN'] as const) {
      expect(mayUseLoginMethod({ roles: [role], email }, 'no-password'), role).toBe(false);
      expect(mayUseLoginMethod({ roles: ['ROLE_USER', role], email }, 'no-password'), role).toBe(false);
      expect(mayUseLoginMethod({ roles: [role], email }, 'password'), role).toBe(true);
    }
    expect(mayUseLoginMethod({ roles: ['ROLE_API_IMPORT'], email }, 'password')).toBe(false);
  });

  it('takes a personal address for email sign-in, not a shared role address', () => {
    expect(isSuitableForEmailLogin('anna.muster@bergbahn.example')).toBe(true);
    expect(isSuitableForEmailLogin('information@bergbahn.example')).toBe(true);
    for (const address of ['info@bergbahn.example', 'Office@x.ch', 'admin+ropes@x.ch', 'no-reply@x.ch', 'x', '@x.ch']) {
      expect(isSuitableForEmailLogin(address), address).toBe(false);
    }
    expect(mayUseLoginMethod({ roles: ['ROLE_ADMIN'], email: 'info@x.ch' }, 'email')).toBe(false);
    expect(mayUseLoginMethod({ roles: ['ROLE_ADMIN'], email: 'anna@x.ch' }, 'email')).toBe(true);
  });

  it('never lets a password open an SSO or API account', () => {
    expect(acceptsPasswordLogin({ roles: ['ROLE_USER'], loginMethod: 'password' })).toBe(true);
    expect(acceptsPasswordLogin({ roles: ['ROLE_USER'], loginMethod: 'saml' })).toBe(false);
    expect(acceptsPasswordLogin({ roles: ['ROLE_API_EXTERNAL'], loginMethod: 'password' })).toBe(false);
    expect(acceptsPasswordLogin({ roles: [], loginMethod: 'password' })).toBe(false);
  });

  it('expires a password after the shortest mandator setting, never when all are off', () => {
    const now = Date.UTC(2025, 5, 1);
    const changed = new Date(now - 40 * DAY);
    expect(isPasswordExpired(changed, [], now)).toBe(false);
    expect(isPasswordExpired(changed, [undefined, 0], now)).toBe(false);
    expect(isPasswordExpired(changed, [90], now)).toBe(false);
    expect(isPasswordExpired(changed, [90, 30], now)).toBe(true);
    expect(isPasswordExpired(new Date(now - 30 * DAY), [30], now)).toBe(false);
    expect(isPasswordExpired(new Date(now - 30 * DAY - 1), [30], now)).toBe(true);
    expect(isPasswordExpired(null, [30], now)).toBe(true);
    expect(isPasswordExpired(null, [0], now)).toBe(false);
  });

  it('checks token and secret formats', () => {
    for (const token of ['aZ09'.repeat(8), 'aB3dE6', 'short', 'a'.repeat(200)]) {
      expect(isAlphanumericToken(token), token).toBe(true);
    }
    for (const token of ['', 'abc-def-ghi-jkl-mno', `${'a'.repeat(31)}!`, 'a'.repeat(201), 'äbcdef', 'ab cd']) {
      expect(isAlphanumericToken(token), token).toBe(false);
    }
    expect(isBase32Secret('JBSWY3DPEHPK3PXP')).toBe(true);
    for (const secret of ['jbswy3dpehpk3pxp', 'JBSWY3DPEHPK3PX1', 'SHORT', 'A'.repeat(73)]) {
      expect(isBase32Secret(secret), secret).toBe(false);
    }
  });
});
