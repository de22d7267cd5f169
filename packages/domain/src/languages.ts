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

/** A locale's lookup of a text by its key in the locale files (apps/web/src/i18n/locales), fixed to one language. */
export type TranslateKey = (key: string) => string;

/** Each code's text under `prefix` (`tasks.status` → `tasks.status.new`, ...), by code. */
export function labelsByCode<T extends string>(
  codes: readonly T[],
  t: TranslateKey,
  prefix: string,
): Record<T, string> {
  return Object.fromEntries(codes.map((code) => [code, t(`${prefix}.${code}`)])) as Record<T, string>;
}
