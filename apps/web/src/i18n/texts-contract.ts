// Shared by the app and the build (build-plugins/texts-on-demand.ts, vite.config.ts): which texts load together, which
// ones the first download may show, and the name under which the app offers the build's chunks a way to wait for them.

/**
 * The groups the whole feature files (namespaces) come in when a key is met without its text (src/i18n/texts.ts), and
 * on the development server, which loads every text: the shell's, the daily work's (the hierarchy, the rope page with
 * its events, chart, tasks, documents and sensors, the field's queue) and the `more` of the other screens. The build
 * gives each piece of code exactly the texts it names instead (build-plugins/texts-on-demand.ts).
 */
export const CORE_NAMESPACES = ['app', 'areas', 'auth', 'common', 'language', 'shell'] as const;

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

/** A language's text files (their URLs) for one piece of built code: `{ "de-DE": ["/assets/texts-de-DE-…js"] }`. */
export type TextFiles = Readonly<Record<string, readonly string[]>>;

/** `globalThis[LOAD_TEXTS](files)` adds a lazily loaded chunk's texts in the language shown; the chunk awaits it. */
export const LOAD_TEXTS = '__ropeLoadTexts';

/** `globalThis[ENTRY_TEXTS]`: the text files of the entry, set by the entry chunk before the app starts. */
export const ENTRY_TEXTS = '__ropeEntryTexts';

/**
 * `globalThis[TEXTS_MISSED]`: keys the built app met without their text although they exist, so their whole group
 * loaded; the browser tests hold it empty (the build gives code every text it names).
 */
export const TEXTS_MISSED = '__ropeTextsMissed';
