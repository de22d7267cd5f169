import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ENTRY_TEXTS, LOAD_TEXTS, SERVER_NAMESPACES, type TextFiles } from '../src/i18n/texts-contract';
import { type FlatTexts, flatTexts, keysNamed, keysShown, type NamedKey, treeOf } from './texts-named';
import { TextsPlan } from './texts-plan';

/** The texts themselves never wait for texts. */
const TEXTS_MODULE = /\/src\/i18n\/locales\/[^/]+\/[^/]+\.json$/;

/** Every language's feature files, flat, but those only the server reads. */
export function readLocales(localesDir: string): { namespaces: string[]; texts: Map<string, FlatTexts> } {
  const languages = readdirSync(localesDir).sort();
  const namespaces = readdirSync(join(localesDir, languages[0] ?? ''))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((namespace) => !(SERVER_NAMESPACES as readonly string[]).includes(namespace));
  const read = (language: string) =>
    Object.fromEntries(
      namespaces.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')),
      ]),
    );
  return { namespaces, texts: new Map(languages.map((language) => [language, flatTexts(read(language))])) };
}

interface Emitter {
  emitFile(file: Rollup.EmittedAsset): string;
  getFileName(referenceId: string): string;
}

/**
 * Per chunk, the code to put in front of it: the entry names its files in `globalThis[ENTRY_TEXTS]`, a lazily loaded
 * chunk waits for its own with `await globalThis[LOAD_TEXTS](files)` (a module with a top-level await finishes loading
 * only once the promise settles, so a screen, section or dialog renders only once its texts are in). A boundary's file
 * holds the texts its code and static imports name, but those sure to be in already (the entry's, those of every
 * boundary that can have loaded it); the texts of a shared chunk (the forms' messages) come in one file of their own.
 */
export function placeTexts(
  emitter: Emitter,
  chunks: Readonly<Record<string, Rollup.RenderedChunk>>,
  options: {
    namespaces: readonly string[];
    texts: ReadonlyMap<string, FlatTexts>;
    shared: readonly string[];
    base: string;
  },
): Map<string, string> {
  const plan = new TextsPlan(chunks);
  const memo = <T>(make: (key: string) => T) => {
    const made = new Map<string, T>();
    return (key: string) => {
      if (!made.has(key)) made.set(key, make(key));
      return made.get(key) as T;
    };
  };
  const namedIn = memo((fileName) => {
    const named = new Set<NamedKey>();
    for (const [id, module] of Object.entries(chunks[fileName]?.modules ?? {}))
      if (!TEXTS_MODULE.test(id.replaceAll('\\', '/')))
        for (const key of keysNamed(module.code ?? '', options.namespaces)) named.add(key);
    return named;
  });
  const namedBy = memo(
    (boundary) => new Set(plan.staticClosure(boundary).flatMap((fileName) => [...namedIn(fileName)])),
  );
  const shownBy = memo((at) => {
    const [language = '', fileName = ''] = at.split(' ');
    return keysShown(namedBy(fileName), options.texts.get(language) ?? new Map());
  });
  const shownIn = memo((at) => {
    const [language = '', fileName = ''] = at.split(' ');
    return keysShown(namedIn(fileName), options.texts.get(language) ?? new Map());
  });
  const entries = plan.entries();
  const inEntries = (language: string, key: string) =>
    entries.some((entry) => shownBy(`${language} ${entry}`).has(key));

  const emit = memo((at) => {
    const [language = '', name = '', ...keys] = at.split(' ');
    if (keys.length === 0) return undefined;
    const texts = options.texts.get(language) ?? new Map();
    const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(treeOf(keys, texts)))});\n`;
    return (
      options.base +
      emitter.getFileName(emitter.emitFile({ type: 'asset', name: `texts-${language}-${name}.js`, source }))
    );
  });
  const sharedFile = (language: string, fileName: string) =>
    emit(
      [
        language,
        chunks[fileName]?.name,
        ...[...shownIn(`${language} ${fileName}`)].filter((key) => !inEntries(language, key)),
      ].join(' '),
    );

  const prefixes = new Map<string, string>();
  for (const boundary of plan.boundaries()) {
    const chunk = chunks[boundary];
    if (!chunk || namedBy(boundary).size === 0) continue;
    const isEntry = entries.includes(boundary);
    const shared = isEntry ? [] : plan.namedIn(boundary, options.shared);
    const vouching = plan.loadedBefore(boundary);
    const files: Record<string, string[]> = {};
    for (const language of options.texts.keys()) {
      const sure = (key: string) =>
        inEntries(language, key) ||
        (vouching.length > 0 && vouching.every((holder) => shownBy(`${language} ${holder}`).has(key))) ||
        shared.some((fileName) => shownIn(`${language} ${fileName}`).has(key));
      const own = [...shownBy(`${language} ${boundary}`)].filter((key) => isEntry || !sure(key));
      files[language] = [
        emit([language, chunk.name, ...own].join(' ')),
        ...shared.map((fileName) => sharedFile(language, fileName)),
      ].filter((file) => file !== undefined);
    }
    if (Object.values(files).every((list) => list.length === 0)) continue;
    const textFiles: TextFiles = files;
    prefixes.set(
      boundary,
      isEntry
        ? `globalThis.${ENTRY_TEXTS}=${JSON.stringify(textFiles)};\n`
        : `await globalThis.${LOAD_TEXTS}(${JSON.stringify(textFiles)});\n`,
    );
  }
  return prefixes;
}

/**
 * Texts load with the code that shows them, key by key: each boundary of the build (the entry, each lazily loaded
 * chunk) gets per language a file of the texts its code names after tree-shaking (placeTexts), which it waits for
 * before it runs. A language switch loads the new language's files of every chunk run so far before it switches
 * (src/i18n/texts.ts). `shared` names chunks whose texts come in one file for every boundary that imports them.
 */
export function textsOnDemand(localesDir: string, shared: readonly string[] = []): Plugin {
  const { namespaces, texts } = readLocales(localesDir);
  let base = '/';
  let prefixes: Map<string, string> | undefined;
  return {
    name: 'rope:texts-on-demand',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    renderStart() {
      prefixes = undefined;
    },
    renderChunk(code, chunk, _options, meta) {
      prefixes ??= placeTexts(this, meta.chunks, { namespaces, texts, shared, base });
      const prefix = prefixes.get(chunk.fileName);
      return prefix ? { code: prefix + code, map: null } : null;
    },
  };
}
