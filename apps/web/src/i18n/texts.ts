import type { Language } from '@rope/domain/languages';
import i18n, { type ResourceKey } from 'i18next';
import { LOAD_TEXTS, type TextGroup, textGroupOf } from './texts-contract';

// Every feature file of every language but the server's (SERVER_NAMESPACES), each a lazy import; the build gathers
// them into one file per language and group (textsChunkOf in texts-contract.ts), so a group's texts come in one
// request and a language's first request is its core texts.
const files = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/*/mail.json'], { import: 'default' });

interface TextFile {
  language: string;
  namespace: string;
  load: () => Promise<ResourceKey>;
}

const textFiles: TextFile[] = Object.entries(files).map(([path, load]) => {
  const [, language = '', namespace = ''] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace, load };
});

/** Per language and group: its texts added to i18next, or on their way. */
const loads = new Map<string, Promise<void>>();
/** The groups the running app has asked for: a language switch loads them too. */
const asked = new Set<TextGroup>(['core']);
/** The language a switch is loading, so that code loaded meanwhile gets its texts in that language too. */
let switchingTo: string | undefined;

async function readFiles(chosen: TextFile[]): Promise<Record<string, ResourceKey>> {
  return Object.fromEntries(await Promise.all(chosen.map(async (file) => [file.namespace, await file.load()])));
}

function loadGroup(language: string, group: TextGroup): Promise<void> {
  const id = `${language}/${group}`;
  let loading = loads.get(id);
  if (!loading) {
    const chosen = textFiles.filter((file) => file.language === language && textGroupOf(file.namespace) === group);
    if (chosen.length === 0) return Promise.reject(new Error(`no texts for ${language}`));
    loading = readFiles(chosen).then((texts) => {
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    // A failed download (the network) is tried again the next time it is asked for.
    loading.catch(() => loads.delete(id));
    loads.set(id, loading);
  }
  return loading;
}

/** Everything asked for so far, in this language. */
async function loadAsked(language: string): Promise<void> {
  await Promise.all([...asked].map((group) => loadGroup(language, group)));
}

/** Loads these namespaces in the language shown (and the one being switched to) before the code that needs them runs. */
export async function loadTexts(namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) asked.add(textGroupOf(namespace));
  const languages = new Set([i18n.language, switchingTo].filter((language) => language !== undefined));
  await Promise.all([...languages].map(loadAsked));
}

/**
 * A key met without its text: its texts load (code that names a namespace only through a variable) and the screen
 * shows the text once it is in (react-i18next re-renders on added texts). A key that does not exist stays so.
 */
export function loadTextsOfKey(key: string): void {
  const namespace = key.split('.')[0] ?? '';
  if (!/^[a-z]+$/i.test(namespace) || !textFiles.some((file) => file.namespace === namespace)) return;
  loadTexts([namespace]).catch(() => undefined);
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
  return readFiles(textFiles.filter((file) => file.language === language && namespaces.includes(file.namespace)));
}

(globalThis as Record<string, unknown>)[LOAD_TEXTS] = loadTexts;
