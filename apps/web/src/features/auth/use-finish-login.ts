import type { LoginAnswer } from '@rope/domain/auth/session';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { changeLanguage } from '../../i18n';
import { sessionKeys } from '../../lib/session/session';
import { localeOfLanguageId } from '../../lib/session/user-language';

/**
 * Stores a login answer as the session. With a user, the interface first switches to the user's language;
 * the login screen then sends them on. A pending second factor shows the code view.
 */
export function useFinishLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (answer: LoginAnswer) => {
      if (answer.user) await changeLanguage(localeOfLanguageId(answer.user.languageId));
      queryClient.setQueryData(sessionKeys.current, answer);
    },
    [queryClient],
  );
}

/** Ends the session and forgets everything fetched for it. */
export function useClearSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.current, null);
  }, [queryClient]);
}
