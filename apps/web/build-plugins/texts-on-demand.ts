import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { CORE_NAMESPACES, LOAD_TEXTS, SERVER_NAMESPACES } from '../src/i18n/texts-contract';

/**
 * The namespaces code names: strings that start with a namespace and a dot (`'ropes.detail.title'`,
 * `` `enums.eventTypes.${type}` ``). A key whose namespace is a variable (`${feature}.settings.saved`, the hierarchy's
 * shared editors) is not seen: such code runs within screens that name that namespace themselves, and a key met
 * without its texts loads them (`missingKeyHandler` in src/i18n/index.ts).
 */
export function namespacesNamed(code: string, namespaces: readonly string[]): string[] {
  const pattern = new RegExp(`["'\`](${namespaces.join('|')})\\.[A-Za-z]`, 'g');
  return [...new Set(Array.from(code.matchAll(pattern), (match) => match[1] as string))].sort();
}

/** The chunks every page loads before it runs: the entries and what they import statically. */
export function firstDownload(chunks: Record<string, Rollup.RenderedChunk>): Set<string> {
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    if (reached.has(fileName)) return;
    reached.add(fileName);
    for (const imported of chunks[fileName]?.imports ?? []) visit(imported);
  };
  for (const [fileName, chunk] of Object.entries(chunks)) if (chunk.isEntry) visit(fileName);
  return reached;
}

/**
 * Per namespace, the namespaces its texts nest (`$t(common.fields.name)`) in any language, followed through: a text
 * shows right only with the texts it nests.
 */
export function nestedNamespaces(localesDir: string, namespaces: readonly string[]): Map<string, Set<string>> {
  const direct = new Map(namespaces.map((namespace) => [namespace, new Set<string>()]));
  for (const language of readdirSync(localesDir)) {
    for (const namespace of namespaces) {
      const texts = readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8');
      for (const match of texts.matchAll(/\$t\(([a-zA-Z]+)\./g)) direct.get(namespace)?.add(match[1] as string);
    }
  }
  const closure = new Map<string, Set<string>>();
  for (const namespace of namespaces) {
    const reached = new Set<string>();
    const visit = (name: string) => {
      for (const nested of direct.get(name) ?? []) {
        if (reached.has(nested)) continue;
        reached.add(nested);
        visit(nested);
      }
    };
    visit(namespace);
    closure.set(namespace, reached);
  }
  return closure;
}

/** The texts themselves never wait for texts. */
const TEXTS_MODULE = /\/src\/i18n\/locales\/[^/]+\/[^/]+\.json$/;

/**
 * Texts load with the code that shows them. Each chunk whose code names a namespace outside CORE_NAMESPACES starts
 * with `await globalThis.__ropeLoadTexts([...])`: a module with a top-level await finishes loading only once the
 * promise settles, so a lazily loaded screen, section or dialog (React.lazy) renders only when its texts are in, in
 * the current language; the language switch loads every namespace asked for so far before it switches. The names
 * come from the chunk's code after tree-shaking, so a chunk asks for exactly what it can show.
 */
export function textsOnDemand(localesDir: string): Plugin {
  const namespaces = readdirSync(join(localesDir, 'en-US'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((namespace) => !(SERVER_NAMESPACES as readonly string[]).includes(namespace));
  const core = new Set<string>(CORE_NAMESPACES);
  const nested = nestedNamespaces(localesDir, namespaces);
  const withNested = (names: readonly string[]) =>
    [...new Set(names.flatMap((name) => [name, ...(nested.get(name) ?? [])]))].sort();
  return {
    name: 'rope:texts-on-demand',
    apply: 'build',
    buildStart() {
      const outside = withNested(CORE_NAMESPACES).filter((namespace) => !core.has(namespace));
      if (outside.length > 0)
        this.error(`the core texts nest texts of ${outside.join(', ')}, which are not in CORE_NAMESPACES`);
    },
    renderChunk(code, chunk, _options, meta) {
      if (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => TEXTS_MODULE.test(id.replaceAll('\\', '/'))))
        return null;
      const needed = withNested(namespacesNamed(code, namespaces)).filter((namespace) => !core.has(namespace));
      if (needed.length === 0) return null;
      if (firstDownload(meta.chunks).has(chunk.fileName))
        this.error(
          `${chunk.fileName} is part of every first download and names the texts of ${needed.join(', ')}: ` +
            'add them to CORE_NAMESPACES (src/i18n/texts-contract.ts) or load that code lazily',
        );
      return { code: `await globalThis.${LOAD_TEXTS}(${JSON.stringify(needed)});\n${code}`, map: null };
    },
  };
}
