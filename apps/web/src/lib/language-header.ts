import { useTranslation } from 'react-i18next';

/** The interface language sent as Accept-Language, so the list is ordered and marked for the reader. */
export function useLanguageHeader() {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}
