import type { Language } from '@rope/domain/languages';
import i18n, { type ResourceKey } from 'i18next';
import { coreEnglish } from './core-texts';
import { FALLBACK_LANGUAGE } from './detect-language';
import { CORE_NAMESPACES, LOAD_TEXTS } from './texts-contract';

// The core English texts ship in the entry. Everything else of a language is one file (bundles/<language>.ts),
// loaded when code that shows such texts loads (build-plugins/texts-on-demand.ts) or when the language changes.
const bundles = import.meta.glob<Record<string, ResourceKey>>('./bundles/*.ts', { import: 'default' });
const core = new Set<string>(CORE_NAMESPACES);

/** Per language: its bundle added to i18next, or on its way. */
const loads = new Map<string, Promise<void>>();
/** Whether the running app has asked for texts beyond the core ones: a language switch then brings them too. */
let beyondCore = false;
/** The language a switch is loading, so that code loaded meanwhile gets its texts in that language too. */
let switchingTo: string | undefined;

function loadBundle(language: string): Promise<void> {
  let loading = loads.get(language);
  if (!loading) {
    const bundle = bundles[`./bundles/${language}.ts`];
    if (!bundle) return Promise.reject(new Error(`no texts for ${language}`));
    loading = bundle().then((files) => {
      for (const [path, texts] of Object.entries(files)) {
        const namespace = /([^/]+)\.json$/.exec(path)?.[1] ?? path;
        i18n.addResourceBundle(language, 'translation', { [namespace]: texts }, true, true);
      }
    });
    // A failed download (the network) is tried again the next time it is asked for.
    loading.catch(() => loads.delete(language));
    loads.set(language, loading);
  }
  return loading;
}

/** What a language needs loaded: English has its core texts already. */
function loadFor(language: string): Promise<void> {
  return language === FALLBACK_LANGUAGE && !beyondCore ? Promise.resolve() : loadBundle(language);
}

/** Loads these namespaces in the language shown (and the one being switched to) before the code that needs them runs. */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  if (namespaces.some((namespace) => !core.has(namespace))) beyondCore = true;
  const languages = new Set([i18n.language, switchingTo].filter((language) => language !== undefined));
  await Promise.all([...languages].map(loadFor));
}

/**
 * A key met without its text: its texts load (code that names a namespace only through a variable) and the screen
 * shows the text once it is in (react-i18next re-renders on added texts). A key that does not exist stays so.
 */
export function loadTextsOfKey(key: string): void {
  const namespace = key.split('.')[0] ?? '';
  if (core.has(namespace) || !/^[a-z]+$/i.test(namespace)) return;
  loadTexts([namespace]).catch(() => undefined);
}

/** Every text of the language shown (the development server, which does not split them as the build does). */
export function loadEveryText(): Promise<void> {
  beyondCore = true;
  return loadFor(i18n.language);
}

/** Loads the texts asked for so far in this language, then shows it: no screen meets a key without its text. */
export async function switchLanguage(language: Language): Promise<void> {
  switchingTo = language;
  try {
    await loadFor(language);
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = undefined;
  }
}

/** The core texts in English, as the first download holds them. */
export function coreResources() {
  // A copy: i18next adds the namespaces loaded later into the object it is given, and the module's own stays as built.
  return { [FALLBACK_LANGUAGE]: { translation: { ...coreEnglish } } };
}

(globalThis as Record<string, unknown>)[LOAD_TEXTS] = loadTexts;
