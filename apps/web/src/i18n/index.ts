import { LANGUAGES, type Language } from '@rope/domain/languages';
import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  browserLanguages,
  detectLanguage,
  FALLBACK_LANGUAGE,
  isLanguage,
  readStoredLanguage,
  storeLanguage,
} from './detect-language';
import { askForEveryText, loadTextsOfKey, preloadLanguage, switchLanguage } from './texts';

/** i18next as the app runs it: no texts at first, each language's loaded in groups as the code shown needs them. */
export function i18nOptions(): InitOptions {
  return {
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'currentOnly',
    resources: {},
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => loadTextsOfKey(key),
    // Texts that arrive later (loadTextsOfKey) show at once.
    react: { bindI18nStore: 'added' },
  };
}

/**
 * Starts i18next in the language to show: the signed-in user's (asked for meanwhile), else the stored choice or the
 * browser's. Only that language's texts load: a German user on an English browser never downloads the English ones.
 */
export async function initI18n(userLanguage: Promise<Language | undefined>): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18n.use(initReactI18next).init(i18nOptions());
  // The development server does not split the texts (the build does): there every text loads at once.
  if (import.meta.env.DEV) askForEveryText();
  const stored = readStoredLanguage();
  const detected = detectLanguage(stored, browserLanguages());
  // A language chosen on this device (or the last user's) is most often the user's: its texts come while the session
  // answers. The browser's language alone is not: a German user on an English browser would load English for nothing.
  if (isLanguage(stored)) preloadLanguage(stored);
  const signedIn = await userLanguage;
  if (signedIn) storeLanguage(signedIn);
  const language = signedIn ?? detected;
  await switchLanguage(language);
  return i18n;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await switchLanguage(language);
}

export { i18n };
