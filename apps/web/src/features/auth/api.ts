import type { ResetReason } from '@rope/domain/auth/rules';
import type { LoginAnswer } from '@rope/domain/auth/session';
import { ApiError } from '../../lib/api-client';
import { parseLoginAnswer } from '../../lib/session/session';
import { type AnswerOf, dataOf, quietTypedApi } from '../../lib/typed-api';

// The sign-in calls answer 401 for wrong input: that is the form's error, not a reason to reload /login (quietTypedApi).

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
    await dataOf(quietTypedApi.POST('/api/login/json', { body: { username, password } })),
  );
  if (answer.loginLinkSent) return answer;
  try {
    await quietTypedApi.POST('/api/login/check');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new SessionNotKeptError();
    throw error;
  }
  return answer;
}

export async function submitTwoFactorCode(authCode: string): Promise<LoginAnswer> {
  const answer = await dataOf(quietTypedApi.POST('/api/login/2fa', { body: { data: { authCode } } }));
  return parseLoginAnswer(answer);
}

/** The identity provider that signs this username in, or null for a password login. */
export async function checkSamlProvider(username: string): Promise<string | null> {
  try {
    const answer = await dataOf(quietTypedApi.POST('/api/login/saml-check', { body: { e: username } }));
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
  await quietTypedApi.POST('/api/reset-password', { params: { query: { reason } }, body: { email } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await quietTypedApi.POST('/api/reset-password/reset/{token}', { params: { path: { token } }, body: { password } });
}

export async function unsubscribe(
  email: string,
  token: string,
): Promise<AnswerOf<'/api/notification/unsubscribe', 'post'> | undefined> {
  return dataOf(quietTypedApi.POST('/api/notification/unsubscribe', { body: { email, token } }));
}

/** The 401 of a login whose password has expired: the API has mailed a renewal link already. */
export function isPasswordExpired(error: unknown): boolean {
  return error instanceof ApiError && typeof error.body === 'object' && error.body !== null
    ? (error.body as { passwordExpired?: unknown }).passwordExpired === true
    : false;
}
