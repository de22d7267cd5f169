// Shared by the app and the build (build-plugins/texts-on-demand.ts): which texts ship in the first download, and the
// name under which the app offers the build's chunks a way to wait for the rest.

/**
 * The feature files (namespaces) whose English texts are part of the entry: everything the code of the first
 * download names. The build refuses a first-download chunk that names another namespace.
 */
export const CORE_NAMESPACES = ['app', 'areas', 'auth', 'common', 'language', 'shell'] as const;

/**
 * Feature files the server alone reads (mails and SMS, apps/api/src/mail): they live here to share the web's
 * completeness tests, but never ship to the browser (the bundles' patterns leave them out).
 */
export const SERVER_NAMESPACES = ['mail'] as const;

/** `globalThis[LOAD_TEXTS]` loads the named namespaces of the current language; chunks await it before they run. */
export const LOAD_TEXTS = '__ropeLoadTexts';
