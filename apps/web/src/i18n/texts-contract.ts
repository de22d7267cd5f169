// Shared by the app and the build (build-plugins/texts-on-demand.ts, vite.config.ts): which texts load together, which
// ones the first download may show, and the name under which the app offers the build's chunks a way to wait for them.

/**
 * The feature files (namespaces) whose English texts are part of the entry: everything the code of the first
 * download names. The build refuses a first-download chunk that names another namespace.
 */
export const CORE_NAMESPACES = ['app', 'areas', 'auth', 'common', 'language', 'shell'] as const;

/**
 * The feature files the screens of daily work show from their first download (the hierarchy, the rope page with its
 * events, chart, tasks, documents and sensors and their exports and reports, the shell around them, the field's
 * queue, whose code is warmed for use without a signal once the page has settled): one file per language, loaded with
 * the first of those screens. A namespace named by such a first download and left out of here makes that download load
 * the `more` file too (the page-weight bench shows it).
 */
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

/** `globalThis[LOAD_TEXTS]` loads the named namespaces of the current language; chunks await it before they run. */
export const LOAD_TEXTS = '__ropeLoadTexts';
