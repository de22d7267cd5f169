import type { Language } from '@rope/domain/languages';
import i18n, { type ResourceKey } from 'i18next';
import { ENTRY_TEXTS, LOAD_TEXTS, TEXTS_MISSED, type TextFiles, type TextGroup, textGroupOf } from './texts-contract';

const globals = globalThis as Record<string, unknown>;

/**
 * The text files of the lazily loaded chunks run so far, each with exactly the texts its code names beyond what is
 * sure to be in (build-plugins/texts-on-demand.ts). None on the development server and in unit tests, where texts come
 * in whole feature files.
 */
const askedFiles: TextFiles[] = [];
/** Per file: its texts added to i18next, or on their way. */
const fileLoads = new Map<string, Promise<void>>();
/** Whole feature files asked for by group: keys met without their texts; every group on the development server. */
const askedGroups = new Set<TextGroup>();
/** Per language and group: its texts added to i18next, or on their way. */
const groupLoads = new Map<string, Promise<void>>();
/** The language a switch is loading, so that code loaded meanwhile gets its texts in that language too. */
let switchingTo: string | undefined;

/** The entry's text files, which the entry chunk sets before its code runs; none outside the build. */
function entryTexts(): TextFiles | undefined {
  return globals[ENTRY_TEXTS] as TextFiles | undefined;
}

/**
 * Adds these files of one language. Quietly: the code they are for has not drawn yet (it waits for them), and a
 * language switch draws everything anew; announcing each file made every screen draw again per lazily loaded chunk.
 */
function addFiles(language: string, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (fileLoads.has(url)) continue;
    const loading = import(/* @vite-ignore */ url).then((module: { default: ResourceKey }) => {
      i18n.addResourceBundle(language, 'translation', module.default, true, true, { silent: true });
    });
    // A failed download (the network) is tried again the next time it is asked for.
    loading.catch(() => fileLoads.delete(url));
    fileLoads.set(url, loading);
  }
  return Promise.all(urls.map((url) => fileLoads.get(url))).then(() => undefined);
}

async function readFeatureFiles(language: string, namespaces: (namespace: string) => boolean) {
  const { featureFiles } = await import('./feature-files');
  const chosen = Object.entries(featureFiles).flatMap(([path, load]) => {
    const [, fileLanguage, namespace = ''] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    return fileLanguage === language && namespaces(namespace) ? [{ namespace, load }] : [];
  });
  if (chosen.length === 0) throw new Error(`no texts for ${language}`);
  return Object.fromEntries(await Promise.all(chosen.map(async ({ namespace, load }) => [namespace, await load()])));
}

/** A group of whole feature files, announced: a screen that met one of its keys without the text shows it then. */
function addGroup(language: string, group: TextGroup): Promise<void> {
  const id = `${language}/${group}`;
  let loading = groupLoads.get(id);
  if (!loading) {
    loading = readFeatureFiles(language, (namespace) => textGroupOf(namespace) === group).then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    loading.catch(() => groupLoads.delete(id));
    groupLoads.set(id, loading);
  }
  return loading;
}

/** Everything asked for so far, in this language. */
async function loadAsked(language: string): Promise<void> {
  const entry = entryTexts();
  // Outside the build the shell's texts come whole.
  const groups = entry ? askedGroups : new Set([...askedGroups, 'core' as const]);
  await Promise.all([
    ...[entry, ...askedFiles].map((files) => addFiles(language, files?.[language] ?? [])),
    ...[...groups].map((group) => addGroup(language, group)),
  ]);
}

function languagesShown(): string[] {
  return [...new Set([i18n.language, switchingTo].filter((language) => language !== undefined))];
}

/**
 * A lazily loaded chunk's texts, in the language shown (and the one being switched to), before its code runs. It never
 * fails: code whose texts did not come still runs, and a key it meets loads its group (loadTextsOfKey).
 */
async function loadChunkTexts(files: TextFiles): Promise<void> {
  askedFiles.push(files);
  await Promise.all(languagesShown().map((language) => addFiles(language, files[language] ?? []))).catch(
    () => undefined,
  );
}

/** Loads these namespaces whole, in the language shown, before the code that needs them runs. */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) askedGroups.add(textGroupOf(namespace));
  await Promise.all(languagesShown().map(loadAsked));
}

/**
 * A key met without its text: its group loads and the screen shows the text once it is in (react-i18next draws again
 * on announced texts). In the built app that is a key the build did not see named: it is noted for the browser tests.
 * A key that does not exist stays so.
 */
export function loadTextsOfKey(key: string): void {
  const namespace = key.split('.')[0] ?? '';
  if (!/^[a-z]+$/i.test(namespace)) return;
  const language = i18n.language;
  loadTexts([namespace])
    .then(() => {
      if (!entryTexts() || !i18n.exists(key, { lng: language })) return;
      globals[TEXTS_MISSED] = [...((globals[TEXTS_MISSED] ?? []) as string[]), `${language}: ${key}`];
    })
    .catch(() => undefined);
}

/** Every text from now on (the development server, which does not split them as the build does). */
export function askForEveryText(): void {
  if (entryTexts()) return;
  for (const group of ['core', 'work', 'more'] as const) askedGroups.add(group);
}

/** Starts loading what a language needs before it is shown (a failure shows when it is switched to). */
export function preloadLanguage(language: Language): void {
  loadAsked(language).catch(() => undefined);
}

/** Loads the texts asked for so far in this language, then shows it: no screen meets a key without its text. */
export async function switchLanguage(language: Language): Promise<void> {
  switchingTo = language;
  try {
    await loadAsked(language);
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = undefined;
  }
}

/** Feature files of one language by namespace, without showing them (the reports print in English in any session). */
export function readTexts(language: Language, namespaces: readonly string[]): Promise<Record<string, ResourceKey>> {
  return readFeatureFiles(language, (namespace) => namespaces.includes(namespace));
}

globals[LOAD_TEXTS] = loadChunkTexts;
