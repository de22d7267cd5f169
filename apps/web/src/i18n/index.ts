import { LANGUAGES, type Language } from '@rope/domain/languages';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  browserLanguages,
  detectLanguage,
  FALLBACK_LANGUAGE,
  readStoredLanguage,
  storeLanguage,
} from './detect-language';
import { enUS } from './en-us';

// The fallback language ships with the app; the others load as their own small chunks when chosen.
const lazyLocales = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/en-US/*.json'], {
  import: 'default',
});

/** All feature files of one language, merged under their file names (`auth.json` -> `auth.*` keys). */
async function loadLanguage(language: string): Promise<Record<string, ResourceKey>> {
  const prefix = `./locales/${language}/`;
  const entries = Object.entries(lazyLocales).filter(([path]) => path.startsWith(prefix));
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [path.slice(prefix.length, -'.json'.length), await load()] as const),
  );
  return Object.fromEntries(loaded);
}

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    loadLanguage(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(readStoredLanguage(), browserLanguages()),
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'currentOnly',
      partialBundledLanguages: true,
      resources: { [FALLBACK_LANGUAGE]: { translation: enUS } },
      interpolation: { escapeValue: false },
    });
  return i18n;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

export { i18n };
