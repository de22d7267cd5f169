// Shared by the app and the build (build-plugins/texts-on-demand.ts, vite.config.ts): how the texts come in files, and
// the names under which the build hands the app its files of texts.

/**
 * The build gives the entry and every lazily loaded chunk a file per language of exactly the texts its code shows
 * (build-plugins/texts-on-demand.ts). The feature files themselves still load whole, in three groups per language,
 * where that is not known: in the development server (everything), for a key met without its text (a key whose
 * namespace is a variable), and for the reports' labels. The core group: the texts of the shell and sign-in.
 */
export const CORE_NAMESPACES = ['app', 'areas', 'auth', 'common', 'language', 'shell'] as const;

/** The group of the screens of daily work: the hierarchy, the rope page and what it opens. */
export const WORK_NAMESPACES = [
  'charts',
  'csv',
  'documents',
  'enums',
  'events',
  'field',
  'installations',
  'maps',
  'notifications',
  'openapi',
  'reports',
  'ropes',
  'search',
  'sensors',
  'settings',
  'tasks',
  'truscan',
  'validation',
] as const;

/** The files a language's texts come in: the core ones, the daily work's and the `more` of the other screens. */
export type TextGroup = 'core' | 'work' | 'more';

export function textGroupOf(namespace: string): TextGroup {
  if ((CORE_NAMESPACES as readonly string[]).includes(namespace)) return 'core';
  return (WORK_NAMESPACES as readonly string[]).includes(namespace) ? 'work' : 'more';
}

/** The build's file of a feature file (`src/i18n/locales/<language>/<namespace>.json`): `texts-de-DE-work`. */
export function textsChunkOf(path: string): string | undefined {
  const [, language, namespace] = /\/src\/i18n\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return language && namespace ? `texts-${language}-${textGroupOf(namespace)}` : undefined;
}

/**
 * Feature files the server alone reads (mails and SMS, apps/api/src/mail): they live here to share the web's
 * completeness tests, but never ship to the browser (the bundles' patterns leave them out).
 */
export const SERVER_NAMESPACES = ['mail'] as const;

/** A chunk's texts: the build's file of each language (`assets/texts-de-DE-rope-page-<hash>.js`). */
export type TextFiles = Record<string, string>;

/**
 * `globalThis[LOAD_TEXTS]([files, ...])` loads a lazy chunk's texts (its own file, those of shared chunks it imports)
 * in the language shown; the chunk awaits it before it runs.
 */
export const LOAD_TEXTS = '__ropeLoadTexts';

/** `globalThis[ENTRY_TEXTS]`: the entry's texts (TextFiles[]), set by the build before the entry's code runs. */
export const ENTRY_TEXTS = '__ropeEntryTexts';

/**
 * `globalThis[TEXTS_MISSED]`: the keys met without their text so far (each once), which then loaded their whole
 * feature file. The build names the texts each chunk shows; the browser tests hold this list empty.
 */
export const TEXTS_MISSED = '__ropeTextsMissed';
