/** A language's texts as its feature files hold them: namespace, then nested keys. */
export interface TextTree {
  [key: string]: string | TextTree;
}

/**
 * The keys code names: strings that start with a namespace and a dot, whole (`'ropes.detail.title'`) or the start of
 * keys built at run time (`` `enums.eventTypes.${type}` `` names `enums.eventTypes.`, `'ropes.detail'` + a suffix
 * names `ropes.detail`). A key whose namespace is itself a variable (`${feature}.settings.saved`) is not seen: it
 * loads its texts when first met (`missingKeyHandler` in src/i18n/index.ts).
 */
export function keysNamed(code: string, namespaces: readonly string[]): string[] {
  const pattern = new RegExp(`["'\`]((?:${namespaces.join('|')})\\.[A-Za-z0-9_.]*)`, 'g');
  return [...new Set(Array.from(code.matchAll(pattern), (match) => match[1] as string))].sort();
}

/** The namespaces among the keys named. */
export function namespacesOf(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => key.split('.')[0] as string))].sort();
}

function flatten(tree: TextTree, prefix: string, into: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

/** Every text of a language by its full key (`ropes.detail.title`). */
export function flatTexts(tree: TextTree): Map<string, string> {
  return flatten(tree, '', new Map());
}

/**
 * Whether the full key `key` is named by `named`: the key itself, its plural and context forms (`_one`, `_other`),
 * or a key below a named start (`enums.eventTypes.` or `ropes.detail`).
 */
function isNamed(key: string, named: string): boolean {
  if (named.endsWith('.')) return key.startsWith(named);
  return key === named || key.startsWith(`${named}.`) || key.startsWith(`${named}_`);
}

/**
 * The full keys of `texts` that code naming `named` can show, with the keys their texts nest (`$t(common.fields.name)`)
 * followed through: a text shows right only with the texts it nests.
 */
export function keysShown(texts: Map<string, string>, named: readonly string[]): Set<string> {
  const shown = new Set<string>();
  const add = (names: readonly string[]) => {
    const found: string[] = [];
    for (const key of texts.keys()) {
      if (shown.has(key) || !names.some((name) => isNamed(key, name))) continue;
      shown.add(key);
      found.push(key);
    }
    const nested = found.flatMap((key) => Array.from(texts.get(key)?.matchAll(/\$t\(([\w.]+)/g) ?? [], (m) => m[1]));
    if (nested.length > 0) add(nested as string[]);
  };
  add(named);
  return shown;
}

/** The texts of these full keys, nested again as i18next takes them. */
export function treeOf(texts: Map<string, string>, keys: Iterable<string>): TextTree {
  const tree: TextTree = {};
  for (const key of [...keys].sort()) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as TextTree;
    }
    node[parts.at(-1) as string] = texts.get(key) ?? '';
  }
  return tree;
}
