import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ENTRY_TEXTS, LOAD_TEXTS, SERVER_NAMESPACES, type TextFiles } from '../src/i18n/texts-contract';
import { flatTexts, keysNamed, type TextTree, treeOf } from './texts-named';
import { TextsPlan } from './texts-plan';

/** The texts themselves: the feature files, which src/i18n/texts.ts still loads whole when a key is met without them. */
const TEXTS_MODULE = /\/src\/i18n\/locales\/[^/]+\/[^/]+\.json$/;

function readLanguages(localesDir: string, namespaces: readonly string[]): Map<string, Map<string, string>> {
  return new Map(
    readdirSync(localesDir).map((language) => {
      const tree: TextTree = {};
      for (const namespace of namespaces)
        tree[namespace] = JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8'));
      return [language, flatTexts(tree)];
    }),
  );
}

/**
 * Texts load with the code that shows them, key by key. The entry and every chunk loaded lazily (a screen, a section
 * drawn when scrolled near, a dialog) get, per language, a file of exactly the texts their code can show: the keys
 * named by the chunk and what it imports statically (after tree-shaking), with the texts those nest. The entry's
 * file names go to `globalThis.__ropeEntryTexts` (src/i18n/texts.ts loads the one of the language shown before
 * the app draws); a lazy chunk starts with `await globalThis.__ropeLoadTexts({...})`, so it finishes loading only
 * once its texts are in, in the current language (a module with a top-level await settles only then), and a
 * language switch loads the files of every chunk loaded so far. A lazy chunk's file leaves out what is sure to be in
 * already (TextsPlan). So the rope page's first download carries the few hundred texts it shows, not the whole of its features.
 */
export function textsOnDemand(localesDir: string, sharedChunks: readonly string[] = []): Plugin {
  const namespaces = readdirSync(join(localesDir, 'en-US'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((namespace) => !(SERVER_NAMESPACES as readonly string[]).includes(namespace));
  const languages = readLanguages(localesDir, namespaces);
  let plan: TextsPlan | undefined;
  /** Per chunk, its files of texts, emitted once. */
  let emitted = new Map<string, TextFiles>();
  return {
    name: 'rope:texts-on-demand',
    apply: 'build',
    renderStart() {
      plan = undefined;
      emitted = new Map();
    },
    renderChunk(code, chunk, _options, meta) {
      if (!chunk.isEntry && !chunk.isDynamicEntry) return null;
      if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => TEXTS_MODULE.test(id.replaceAll('\\', '/'))))
        return null;
      plan ??= new TextsPlan(meta.chunks, languages, (code) => keysNamed(code, namespaces), sharedChunks);
      const current = plan;
      const filesOf = (fileName: string, name: string): TextFiles => {
        let files = emitted.get(fileName);
        if (!files) {
          files = {};
          for (const [language, texts] of languages) {
            const keys = current.keysToLoad(fileName, language);
            if (keys.size === 0) continue;
            const source = `export default JSON.parse(${JSON.stringify(JSON.stringify(treeOf(texts, keys)))});\n`;
            const reference = this.emitFile({ type: 'asset', name: `texts-${language}-${name}.js`, source });
            files[language] = this.getFileName(reference);
          }
          emitted.set(fileName, files);
        }
        return files;
      };
      const files = [
        filesOf(chunk.fileName, chunk.name),
        ...plan.sharedIn(chunk.fileName).map((shared) => filesOf(shared, meta.chunks[shared]?.name ?? 'shared')),
      ].filter((each) => Object.keys(each).length > 0);
      if (files.length === 0) return null;
      const start = chunk.isEntry
        ? `globalThis.${ENTRY_TEXTS} = ${JSON.stringify(files)};\n`
        : `await globalThis.${LOAD_TEXTS}(${JSON.stringify(files)});\n`;
      return { code: `${start}${code}`, map: null };
    },
  };
}
