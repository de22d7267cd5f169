import { can } from '@rope/domain/access/actor';
import type { Permission } from '@rope/domain/access/permissions';
import type { LoginAnswer, SessionUser } from '@rope/domain/auth/session';
import type { Language } from '@rope/domain/languages';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { dataOf, quietTypedApi } from '../typed-api';
import { readKeptSession } from './kept-session';
import { readLoginAnswer } from './login-answer';
import { localeOfLanguageId } from './user-language';

export const sessionKeys = { current: ['session'] as const };

/** Login, check and second-factor answers: `{user}` alone means the sign-in is complete. */
export function parseLoginAnswer(answer: unknown): LoginAnswer {
  const parsed = readLoginAnswer(answer);
  return { ...parsed, twoFactorComplete: parsed.twoFactorComplete ?? parsed.user !== undefined };
}

/** The current session: the user, a pending second factor, or null when nobody is signed in. */
export async function fetchSession(): Promise<LoginAnswer | null> {
  try {
    return parseLoginAnswer(await dataOf(quietTypedApi.POST('/api/login/check')));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    // No answer at all (no signal): the device's last sign-in, whose ropes it kept for the field.
    if (error instanceof ApiError && error.code === 'NETWORK') {
      const kept = await readKeptSession().catch(() => undefined);
      if (kept) return kept;
    }
    throw error;
  }
}

export async function logout(): Promise<void> {
  try {
    await quietTypedApi.GET('/api/logout');
  } catch (error) {
    // Already signed out is what we wanted.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

const sessionQuery = queryOptions({
  queryKey: sessionKeys.current,
  queryFn: fetchSession,
  staleTime: 60_000,
  retry: false,
  // Asked without a signal too: the answer is then the device's kept session (fetchSession).
  networkMode: 'always',
});

export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * The signed-in user's language, asked for as the app starts (the answer stays for useSession): the texts loaded
 * first are then the user's, not the browser's. Undefined when nobody is signed in or the check fails.
 */
export async function signedInLanguage(queryClient: QueryClient): Promise<Language | undefined> {
  const answer = await queryClient.fetchQuery(sessionQuery).catch(() => undefined);
  return answer?.user ? localeOfLanguageId(answer.user.languageId) : undefined;
}

/** The signed-in user once the second factor is done; undefined otherwise. */
export function useSessionUser(): SessionUser | undefined {
  return useSession().data?.user;
}

/** The web only hides what the API would refuse: the same permissions, from the session. */
export function useCan(permission: Permission): boolean {
  const user = useSessionUser();
  return Boolean(user?.permissions.includes(permission) ?? (user && can(user, permission)));
}
