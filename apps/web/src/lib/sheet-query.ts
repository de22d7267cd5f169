import { LANGUAGES, type Language } from '@rope/domain/languages';
import { useTranslation } from 'react-i18next';

/** The session's language as one of the four, English where i18next holds another. */
export function sheetLanguage(language: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en-US';
}

/** The browser's time zone: where no installation gives one, a file's times are written in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A CSV link or upload for the session's Excel: `path?language=de-DE&timeZone=Europe/Zurich`, so the file has the
 * separator, headers, labels, numbers and times the user reads, whatever the browser sends as Accept-Language.
 */
export function useSheetUrl() {
  const { i18n } = useTranslation();
  const language = sheetLanguage(i18n.resolvedLanguage ?? i18n.language);
  return {
    language,
    url(path: string, params: Record<string, string> = {}) {
      const query = new URLSearchParams({ ...params, language, timeZone: browserTimeZone() });
      return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
    },
  };
}
