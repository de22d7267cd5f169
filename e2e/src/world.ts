import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@rope/server-runner';
import type { Browser, BrowserContext } from 'playwright-core';

export type Language = 'en-US' | 'de-DE' | 'fr-FR' | 'es-ES';

/** Who sits at the browser: its locale and time zone, the language the cockpit shows, the demo account. */
export interface World {
  name: string;
  /** The browser's language tag, as the browser sends it (the cockpit maps de-CH to de-DE). */
  locale: string;
  timezoneId: string;
  language: Language;
  user: string;
}

/**
 * The default world of the browser tests: the client (a ropeway mechanic, German) in a Swiss browser in Zurich.
 * The defects found outside the tests lived east of UTC and in German; here is where the tests look first.
 */
export const GERMAN_CLIENT_IN_ZURICH: World = {
  name: 'German client in Zurich',
  locale: 'de-CH',
  timezoneId: 'Europe/Zurich',
  language: 'de-DE',
  user: 'client@example.com',
};

/**
 * The default world's browser with the admin signed in: for screens only an admin opens (users, mandators). The
 * demo admin's own language is English, which the session takes at sign-in: a test switches to German (and back).
 */
export const GERMAN_ADMIN_IN_ZURICH: World = {
  ...GERMAN_CLIENT_IN_ZURICH,
  name: 'German admin in Zurich',
  user: 'admin@example.com',
};

/** The admin in English at UTC: one world among others, for the tests that read the English texts. */
export const ENGLISH_ADMIN_IN_UTC: World = {
  name: 'English admin at UTC',
  locale: 'en-US',
  timezoneId: 'UTC',
  language: 'en-US',
  user: 'admin@example.com',
};

export const FRENCH_PROJECT_MANAGER_IN_GENEVA: World = {
  name: 'French project manager in Geneva',
  locale: 'fr-CH',
  timezoneId: 'Europe/Zurich',
  language: 'fr-FR',
  user: 'pm@example.com',
};

export const SPANISH_CLIENT_ADMIN_IN_MADRID: World = {
  name: 'Spanish client admin in Madrid',
  locale: 'es-ES',
  timezoneId: 'Europe/Madrid',
  language: 'es-ES',
  user: 'clientadmin@example.com',
};

export const DEFAULT_WORLD = GERMAN_CLIENT_IN_ZURICH;

/** The API server's own time zone in the browser tests: the default world's. */
export const SERVER_TIME_ZONE = DEFAULT_WORLD.timezoneId;

/** A browser context in a world: its language and time zone, at a size. */
export function newWorldContext(
  browser: Browser,
  options: { world?: World; width?: number; height?: number; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const world = options.world ?? DEFAULT_WORLD;
  return browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: world.locale,
    timezoneId: world.timezoneId,
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
}

const cache = new Map<string, Record<string, unknown>>();

/** A text of the web's translation files, as `namespace:path.to.key`, in a language (i18next's plurals aside). */
export function text(language: Language, key: string): string {
  const [namespace, path] = key.split(':');
  if (!namespace || !path) throw new Error(`"${key}" is not namespace:key`);
  const file = `${language}/${namespace}`;
  let texts = cache.get(file);
  if (!texts) {
    texts = JSON.parse(readFileSync(join(repoRoot, 'apps/web/src/i18n/locales', `${file}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    cache.set(file, texts);
  }
  const found = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
  return found;
}

const LANGUAGES: Language[] = ['en-US', 'de-DE', 'fr-FR', 'es-ES'];

/** A text in whichever of the four languages the page shows, as an exact match: for steps any world takes. */
export function textInAnyLanguage(key: string): RegExp {
  const escaped = [...new Set(LANGUAGES.map((language) => text(language, key)))].map((each) =>
    each.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^(${escaped.join('|')})$`);
}
