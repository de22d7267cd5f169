import type { Language } from '@rope/domain/languages';
import i18n, { type ResourceKey } from 'i18next';
import type { FeatureFile } from './feature-files';
import { ENTRY_TEXTS, LOAD_TEXTS, TEXTS_MISSED, type TextFiles, type TextGroup, textGroupOf } from './texts-contract';

/** The feature files, a list loaded only when whole files are needed. */
const featureFiles = () => import('./feature-files').then((module) => module.featureFiles);

/** Per language and group: its texts added to i18next, or on their way. */
const loads = new Map<string, Promise<void>>();
/** The entry's texts, where the build made them (else the core group stands in: the development server, tests). */
function entryTexts(): TextFiles[] | undefined {
  return (globalThis as Record<string, unknown>)[ENTRY_TEXTS] as TextFiles[] | undefined;
}

/** The groups the running app has asked for: a language switch loads them too. */
const asked = new Set<TextGroup>();
/** The build's files of texts of the lazy chunks loaded so far: a language switch loads them too. */
const chunkTexts: TextFiles[] = [];
const chunkTextIds = new Set<string>();
/** Per file of the build: its texts, loaded or on their way. */
const chunkLoads = new Map<string, Promise<ResourceKey>>();
/** The files of the build whose texts i18next has. */
const added = new Set<string>();
/** The language a switch is loading, so that code loaded meanwhile gets its texts in that language too. */
let switchingTo: string | undefined;

async function readFiles(choose: (file: FeatureFile) => boolean): Promise<Record<string, ResourceKey>> {
  const chosen = (await featureFiles()).filter(choose);
  return Object.fromEntries(await Promise.all(chosen.map(async (file) => [file.namespace, await file.load()])));
}

function loadGroup(language: string, group: TextGroup): Promise<void> {
  const id = `${language}/${group}`;
  let loading = loads.get(id);
  if (!loading) {
    loading = readFiles((file) => file.language === language && textGroupOf(file.namespace) === group).then((texts) => {
      if (Object.keys(texts).length === 0) throw new Error(`no texts for ${language}`);
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    // A failed download (the network) is tried again the next time it is asked for.
    loading.catch(() => loads.delete(id));
    loads.set(id, loading);
  }
  return loading;
}

function readChunkTexts(file: string): Promise<ResourceKey> {
  let loading = chunkLoads.get(file);
  if (!loading) {
    loading = import(/* @vite-ignore */ `${import.meta.env.BASE_URL}${file}`).then(
      (module: { default: ResourceKey }) => module.default,
    );
    // A failed download (the network) is tried again the next time it is asked for.
    loading.catch(() => chunkLoads.delete(file));
    chunkLoads.set(file, loading);
  }
  return loading;
}

function mergeTexts(into: Record<string, unknown>, texts: ResourceKey): void {
  for (const [key, value] of Object.entries(texts as Record<string, unknown>)) {
    if (typeof value === 'object' && value !== null) {
      into[key] ??= {};
      mergeTexts(into[key] as Record<string, unknown>, value as ResourceKey);
    } else into[key] = value;
  }
}

/**
 * Adds the texts of these files of the build in this language, in one go: each addition re-renders every text on
 * the screen (react-i18next), and a language switch on the rope page brings some twenty files.
 */
async function addChunkTexts(language: string, files: readonly TextFiles[]): Promise<void> {
  const wanted = new Set(files.map((each) => each[language]));
  const names = [...wanted].filter((name): name is string => name !== undefined && !added.has(name));
  if (names.length === 0) return;
  const texts = await Promise.all(names.map(readChunkTexts));
  const merged: Record<string, unknown> = {};
  names.forEach((name, at) => {
    if (added.has(name)) return;
    mergeTexts(merged, texts[at] as ResourceKey);
    added.add(name);
  });
  if (Object.keys(merged).length > 0) i18n.addResourceBundle(language, 'translation', merged, true, true);
}

/** Everything asked for so far, in this language. */
async function loadAsked(language: string): Promise<void> {
  const entry = entryTexts();
  const groups: TextGroup[] = entry ? [...asked] : ['core', ...asked];
  const files = entry ? [...entry, ...chunkTexts] : chunkTexts;
  await Promise.all([...groups.map((group) => loadGroup(language, group)), addChunkTexts(language, files)]);
}

/** The languages texts are needed in now: the one shown, and the one a switch is loading. */
function languagesNeeded(): string[] {
  return [...new Set([i18n.language, switchingTo].filter((language) => language !== undefined))];
}

/** Loads a lazy chunk's texts in the language shown (and the one being switched to) before its code runs. */
async function loadChunk(files: TextFiles[]): Promise<void> {
  for (const each of files) {
    const id = Object.values(each).join();
    if (!chunkTextIds.has(id)) chunkTexts.push(each);
    chunkTextIds.add(id);
  }
  await Promise.all(languagesNeeded().map((language) => addChunkTexts(language, files)));
}

/** Loads these namespaces in the language shown (and the one being switched to) before the code that needs them runs. */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) asked.add(textGroupOf(namespace));
  await Promise.all(languagesNeeded().map(loadAsked));
}

/**
 * A key met without its text: its texts load (code that names a namespace only through a variable) and the screen
 * shows the text once it is in (react-i18next re-renders on added texts). A key that does not exist stays so.
 */
export function loadTextsOfKey(key: string): void {
  const shared = globalThis as Record<string, unknown>;
  shared[TEXTS_MISSED] ??= [];
  const missed = shared[TEXTS_MISSED] as string[];
  if (!missed.includes(key)) missed.push(key);
  const namespace = key.split('.')[0] ?? '';
  if (!/^[a-z]+$/i.test(namespace)) return;
  featureFiles()
    .then((files) => (files.some((file) => file.namespace === namespace) ? loadTexts([namespace]) : undefined))
    .catch(() => undefined);
}

/** Every text from now on (the development server, which does not split them as the build does). */
export function askForEveryText(): void {
  for (const group of ['work', 'more'] as const) asked.add(group);
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
  return readFiles((file) => file.language === language && namespaces.includes(file.namespace));
}

(globalThis as Record<string, unknown>)[LOAD_TEXTS] = loadChunk;
