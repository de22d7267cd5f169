import type { LoginAnswer, SessionUser } from '@rope/domain/auth/session';
import type { LanguageId } from '@rope/domain/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { changeLanguage, i18n } from '../../i18n';
import { isLanguage } from '../../i18n/detect-language';
import { typedApi } from '../typed-api';
import { sessionKeys } from './session';
import { languageIdOfLocale, localeOfLanguageId } from './user-language';

async function saveUserLanguage(languageId: LanguageId): Promise<void> {
  await typedApi.PATCH('/api/users/self', { body: { languageId } });
}

/**
 * Keeps the interface language and the user's languageId together: a session that starts here (also through
 * single sign-on) shows the user's language, and a language chosen while signed in is saved to the user.
 */
export function useUserLanguage(user: SessionUser) {
  const queryClient = useQueryClient();
  const appliedFor = useRef<number | null>(null);

  useEffect(() => {
    if (appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    const locale = localeOfLanguageId(user.languageId);
    if (i18n.resolvedLanguage !== locale) void changeLanguage(locale);
  }, [user.id, user.languageId]);

  useEffect(() => {
    const save = (language: string) => {
      if (!isLanguage(language)) return;
      const languageId = languageIdOfLocale(language);
      const current = queryClient.getQueryData<LoginAnswer | null>(sessionKeys.current);
      if (!current?.user || current.user.languageId === languageId) return;
      const updated: LoginAnswer = { ...current, user: { ...current.user, languageId } };
      queryClient.setQueryData(sessionKeys.current, updated);
      // The choice already shows; if saving fails it simply lasts for this browser.
      saveUserLanguage(languageId).catch(() => undefined);
    };
    i18n.on('languageChanged', save);
    return () => i18n.off('languageChanged', save);
  }, [queryClient]);
}
