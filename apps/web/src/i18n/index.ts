import { LANGUAGES, type Language } from '@rope/domain/languages';
import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  browserLanguages,
  detectLanguage,
  FALLBACK_LANGUAGE,
  readStoredLanguage,
  storeLanguage,
} from './detect-language';
import { coreResources, loadEveryText, loadTextsOfKey, switchLanguage } from './texts';

/** i18next as the app runs it: the core English texts at first, the rest loaded per language as code needs it. */
export function i18nOptions(): InitOptions {
  return {
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'currentOnly',
    resources: coreResources(),
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => loadTextsOfKey(key),
    // Texts that arrive later (loadTextsOfKey) show at once.
    react: { bindI18nStore: 'added' },
  };
}

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18n.use(initReactI18next).init(i18nOptions());
  // The development server does not split the texts (the build does): there every text loads at once.
  if (import.meta.env.DEV) await loadEveryText();
  const language = detectLanguage(readStoredLanguage(), browserLanguages());
  if (language !== FALLBACK_LANGUAGE) await switchLanguage(language);
  return i18n;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await switchLanguage(language);
}

export { i18n };
