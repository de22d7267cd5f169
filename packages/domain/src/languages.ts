/** The interface languages; kept free of zod, so the first screen can read them without the schemas. */
export const LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'es-ES'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_IDS = ['ENU', 'DES', 'FRS', 'ESP'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];
export const languageIdByLocale: Record<Language, LanguageId> = {
  'en-US': 'ENU',
  'de-DE': 'DES',
  'fr-FR': 'FRS',
  'es-ES': 'ESP',
};
