import type { ResetReason } from '@rope/domain/auth/rules';
import type { LoginAnswer } from '@rope/domain/auth/session';
import { ApiError, apiFetch } from '../../lib/api-client';
import { parseLoginAnswer } from '../../lib/session/session';

// The sign-in calls answer 401 for wrong input: that is the form's error, not a reason to reload /login.
const quiet = { redirectOn401: false } as const;

/** A sign-in the API accepted whose session cookie the browser did not keep (e.g. a Secure cookie over plain HTTP). */
export class SessionNotKeptError extends Error {
  override readonly name = 'SessionNotKeptError';
}

/**
 * Signs in, and checks that the browser kept the session the API opened: otherwise the next screen would be the login
 * form again without a word.
 */
export async function login(username: string, password: string): Promise<LoginAnswer> {
  const answer = parseLoginAnswer(
    await apiFetch<unknown>('/login/json', { ...quiet, method: 'POST', body: { username, password } }),
  );
  if (answer.loginLinkSent) return answer;
  try {
    await apiFetch<unknown>('/login/check', { ...quiet, method: 'POST' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new SessionNotKeptError();
    throw error;
  }
  return answer;
}

export async function submitTwoFactorCode(authCode: string): Promise<LoginAnswer> {
  const answer = await apiFetch<unknown>('/login/2fa', { ...quiet, method: 'POST', body: { data: { authCode } } });
  return parseLoginAnswer(answer);
}

/** The identity provider that signs this username in, or null for a password login. */
export async function checkSamlProvider(username: string): Promise<string | null> {
  try {
    const answer = await apiFetch<{ samlProvider?: string | null }>('/login/saml-check', {
      ...quiet,
      method: 'POST',
      body: { e: username },
    });
    return typeof answer?.samlProvider === 'string' && answer.samlProvider !== '' ? answer.samlProvider : null;
  } catch {
    // Without an answer the password login stays available; the login call itself reports real trouble.
    return null;
  }
}

export function samlLoginUrl(provider: string, next: string): string {
  const query = new URLSearchParams({ idp: provider, redirect: next });
  return `/api/saml/login?${query.toString()}`;
}

export async function requestPasswordMail(reason: ResetReason, email: string): Promise<void> {
  await apiFetch<unknown>(`/reset-password?reason=${reason}`, { ...quiet, method: 'POST', body: { email } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiFetch<unknown>(`/reset-password/reset/${encodeURIComponent(token)}`, {
    ...quiet,
    method: 'POST',
    body: { password },
  });
}

export async function unsubscribe(
  email: string,
  token: string,
): Promise<{ message: string; key?: string } | undefined> {
  return apiFetch<{ message: string; key?: string } | undefined>('/notification/unsubscribe', {
    ...quiet,
    method: 'POST',
    body: { email, token },
  });
}

/** The 401 of a login whose password has expired: the API has mailed a renewal link already. */
export function isPasswordExpired(error: unknown): boolean {
  return error instanceof ApiError && typeof error.body === 'object' && error.body !== null
    ? (error.body as { passwordExpired?: unknown }).passwordExpired === true
    : false;
}
