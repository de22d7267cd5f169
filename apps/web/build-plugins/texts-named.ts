// Which texts a piece of built code can show: the keys it names, read off the code after tree-shaking.

/** A key named whole (`ropes.detail.title`, also the root of a tree of texts) or, ending in `*`, a key's start. */
export type NamedKey = string;

/** Texts of one language, flat: `ropes.detail.title` → its text. */
export type FlatTexts = ReadonlyMap<string, string>;

/**
 * The keys code names: strings in any quotes that start with a namespace and a dot. A string cut off by a template's
 * `${` or ending in a dot (`` `enums.eventTypes.${type}` ``, `"enums.eventTypes."+type`) names a key's start. A key
 * whose namespace is itself a variable is not seen: code names such keys in tables of whole keys instead.
 */
export function keysNamed(code: string, namespaces: readonly string[]): Set<NamedKey> {
  const pattern = new RegExp(`["'\`]((?:${namespaces.join('|')})\\.[\\w.-]*)(["'\`]|\\$\\{)`, 'g');
  const named = new Set<NamedKey>();
  for (const [, key = '', end] of code.matchAll(pattern))
    named.add(end === '${' || key.endsWith('.') ? `${key}*` : key);
  return named;
}

/** The namespaces of these keys. */
export function namespacesOf(named: Iterable<NamedKey>): string[] {
  return [...new Set(Array.from(named, (key) => key.split('.')[0] ?? ''))].sort();
}

/** One language's feature files as flat texts. */
export function flatTexts(files: Record<string, unknown>): Map<string, string> {
  const flat = new Map<string, string>();
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') flat.set(path, value);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key);
  };
  visit(files, '');
  return flat;
}

/** The names under which a key is shown: itself, the trees it is in, and its forms without plural or context. */
const namesCache = new Map<string, string[]>();

function namesOf(key: string): string[] {
  const cached = namesCache.get(key);
  if (cached) return cached;
  const names = [key];
  for (let at = key.indexOf('.'); at >= 0; at = key.indexOf('.', at + 1)) names.push(key.slice(0, at));
  const last = key.lastIndexOf('.') + 1;
  for (let at = key.indexOf('_', last); at >= 0; at = key.indexOf('_', at + 1)) names.push(key.slice(0, at));
  namesCache.set(key, names);
  return names;
}

const NESTED = /\$t\(([\w.-]+)/g;

/**
 * The texts these names show in one language: each key named, its plural and context forms (`_one`, `_other`), the
 * trees under a named key, the keys a named start begins, and the texts these nest (`$t(common.fields.name)`),
 * followed through.
 */
export function keysShown(named: ReadonlySet<NamedKey>, texts: FlatTexts): Set<string> {
  const whole = new Set<string>();
  const starts: string[] = [];
  for (const key of named)
    if (key.endsWith('*')) starts.push(key.slice(0, -1));
    else whole.add(key);
  const shown = new Set<string>();
  const nestedNames = new Set<string>();
  for (const key of texts.keys())
    if (namesOf(key).some((name) => whole.has(name)) || starts.some((start) => key.startsWith(start))) shown.add(key);
  let added = [...shown];
  while (added.length > 0) {
    for (const key of added)
      for (const [, nested = ''] of (texts.get(key) ?? '').matchAll(NESTED)) nestedNames.add(nested);
    added = [];
    for (const key of texts.keys())
      if (!shown.has(key) && namesOf(key).some((name) => nestedNames.has(name))) {
        shown.add(key);
        added.push(key);
      }
  }
  return shown;
}

/** These texts as the nested object i18next takes. */
export function treeOf(keys: Iterable<string>, texts: FlatTexts): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const key of [...keys].sort()) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) ?? key] = texts.get(key);
  }
  return tree;
}
