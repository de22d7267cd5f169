import { LANGUAGES, type Language, type LanguageId, languageIdByLocale } from '@rope/domain/languages';

const localeByLanguageId = Object.fromEntries(
  LANGUAGES.map((language) => [languageIdByLocale[language], language]),
) as Record<LanguageId, Language>;

/** ENU -> en-US, DES -> de-DE, FRS -> fr-FR, ESP -> es-ES. */
export function localeOfLanguageId(languageId: LanguageId): Language {
  return localeByLanguageId[languageId];
}

export function languageIdOfLocale(language: Language): LanguageId {
  return languageIdByLocale[language];
}
