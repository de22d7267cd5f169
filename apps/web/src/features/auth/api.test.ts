import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  checkSamlProvider,
  isPasswordExpired,
  login,
  requestPasswordMail,
  resetPassword,
  SessionNotKeptError,
  samlLoginUrl,
} from './api';
import { checkResetLink, checkUnsubscribeLink } from './link-api';

/** The path and query of each request the client sent (openapi-fetch hands fetch a Request). */
const sent = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([request]) => {
    const url = new URL((request as Request).url);
    return url.pathname + url.search;
  });

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('single sign-on', () => {
  it('asks for the provider of a username and sends the browser to it with the page to come back to', async () => {
    const fetchMock = answer({ samlProvider: 'alpina-idp' });
    await expect(checkSamlProvider('beat@alpina.example')).resolves.toBe('alpina-idp');
    const [request] = fetchMock.mock.calls[0] ?? [];
    expect(sent(fetchMock)).toEqual(['/api/login/saml-check']);
    expect(request?.method).toBe('POST');
    await expect(request?.text()).resolves.toBe('{"e":"beat@alpina.example"}');
    expect(samlLoginUrl('alpina-idp', '/users?page=2')).toBe(
      '/api/saml/login?idp=alpina-idp&redirect=%2Fusers%3Fpage%3D2',
    );
  });

  it('keeps the password login when there is no provider or no answer', async () => {
    answer({ samlProvider: null });
    await expect(checkSamlProvider('a@b.example')).resolves.toBeNull();
    answer({ code: 'INTERNAL', message: 'down' }, 500);
    await expect(checkSamlProvider('a@b.example')).resolves.toBeNull();
  });
});

describe('password sign-in', () => {
  const user = { twoFactorComplete: false, twoFactorMethod: 'email' };
  function answers(...replies: [unknown, number][]) {
    const fetchMock = vi.fn(async (_request: Request) => {
      const [body, status] = replies.shift() ?? [null, 500];
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('checks that the browser kept the session the API opened', async () => {
    const fetchMock = answers([user, 200], [user, 200]);
    await expect(login('laura@alpina.example', 'Steel-rope-2031')).resolves.toEqual(user);
    expect(sent(fetchMock)).toEqual(['/api/login/json', '/api/login/check']);
  });

  it('says so when the browser dropped the session cookie (a Secure cookie on a page opened over HTTP)', async () => {
    answers([user, 200], [{ code: 'UNAUTHENTICATED', message: 'Not signed in' }, 401]);
    await expect(login('laura@alpina.example', 'Steel-rope-2031')).rejects.toBeInstanceOf(SessionNotKeptError);
  });

  it('opens no session for a mailed link, so checks none', async () => {
    const fetchMock = answers([{ loginLinkSent: true }, 200]);
    await expect(login('laura@alpina.example', '')).resolves.toMatchObject({ loginLinkSent: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('password mails and reset', () => {
  it('posts the reason in the query and the token in the path', async () => {
    const fetchMock = answer({ message: 'sent' });
    await requestPasswordMail('activate', 'laura@alpina.example');
    await resetPassword('abcDEF123456789012', 'Steel-rope-2031');
    expect(sent(fetchMock)).toEqual([
      '/api/reset-password?reason=activate',
      '/api/reset-password/reset/abcDEF123456789012',
    ]);
  });
});

describe('link checks', () => {
  it('asks the API about well-formed tokens only; a missing or cut token is invalid at once', async () => {
    const fetchMock = answer({ valid: false });
    await expect(checkResetLink('abcDEF1234567890XY')).resolves.toBe(false);
    await expect(checkResetLink('abc.def')).resolves.toBe(false);
    await expect(checkUnsubscribeLink('a@b.example', '')).resolves.toBe(false);
    await expect(checkUnsubscribeLink('a@b.example', 'f'.repeat(63))).resolves.toBe(false);
    await expect(checkUnsubscribeLink('a@b.example', 'f'.repeat(64))).resolves.toBe(false);
    expect(sent(fetchMock)).toEqual([
      '/api/reset-password/reset/abcDEF1234567890XY',
      '/api/notification/unsubscribe/check',
    ]);
    answer({ valid: true });
    await expect(checkResetLink('abcDEF1234567890XY')).resolves.toBe(true);
  });
});

describe('isPasswordExpired', () => {
  it('reads the flag of the 401 answer', () => {
    const expired = new ApiError(401, 'UNAUTHENTICATED', 'expired', undefined, { passwordExpired: true });
    expect(isPasswordExpired(expired)).toBe(true);
    expect(isPasswordExpired(new ApiError(401, 'UNAUTHENTICATED', 'wrong', undefined, {}))).toBe(false);
    expect(isPasswordExpired(new Error('x'))).toBe(false);
  });
});
