import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LANGUAGES, type Language, languageIdByLocale, type TranslateKey } from '@rope/domain/languages';
import i18next, { type TFunction } from 'i18next';

/**
 * The server's texts are the web's translation files (apps/web/src/i18n/locales/<language>/<feature>.json, with their
 * completeness tests): mails and SMS (the server-only `mail` feature), the CSV files' headers (`csv`) and the labels
 * they name as the screens do. Every feature file is read, so a text may refer to any other (`$t(common.fields.rope)`).
 */
function featureFiles(language: Language): Record<string, unknown> {
  const folder = dirname(createRequire(import.meta.url).resolve(`@rope/web/locales/${language}/common.json`));
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
  return Object.fromEntries(
    files.map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(folder, file), 'utf8'))]),
  );
}

const resources = Object.fromEntries(
  LANGUAGES.map((language) => [language, { translation: featureFiles(language) }]),
) as Record<Language, { translation: Record<string, unknown> }>;

const instance = i18next.createInstance();
// With initAsync off the resources are in once init returns: no module of the server waits on a top-level await.
void instance.init({
  resources,
  lng: 'en-US',
  fallbackLng: 'en-US',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Plain text: values are escaped where a text becomes HTML (mail/html.ts), not here.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const localeById = new Map<string, Language>(
  Object.entries(languageIdByLocale).map(([locale, id]) => [id, locale as Language]),
);

/** The locale of a user's languageId ('DES' → 'de-DE'); English for anything unknown. */
export function localeOf(languageId: string | null | undefined): Language {
  return localeById.get(languageId ?? '') ?? 'en-US';
}

/** The texts of one language. */
export function textsIn(locale: Language): TFunction {
  return instance.getFixedT(locale);
}

/** What `build` makes of each language's texts (a CSV file's headers and labels), by language. */
export function inEveryLanguage<T>(build: (t: TranslateKey) => T): Record<Language, T> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const t = textsIn(language);
      return [language, build((key) => t(key))];
    }),
  ) as Record<Language, T>;
}
