import { fileURLToPath } from 'node:url';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { flatTexts, keysNamed, keysShown, namespacesOf, treeOf } from './texts-named';
import { placeTexts, readLocales } from './texts-on-demand';
import { TextsPlan } from './texts-plan';

const NAMESPACES = ['common', 'enums', 'events', 'ropes', 'shell', 'users'];

describe('keysNamed', () => {
  it('finds whole keys and key starts in any quotes, and nothing else', () => {
    const code = [
      "t('ropes.detail.health')",
      't("events.toolbar.add")',
      `t(\`enums.eventTypes.\${type}\`)`,
      't("enums.status."+status)',
      "queryKey: ['events', id]",
      "fetch('/api/ropes/1')",
      "'shellfish.x'",
      "'ropes.detail.health is shown'",
    ].join(';');
    expect([...keysNamed(code, NAMESPACES)].sort()).toEqual([
      'enums.eventTypes.*',
      'enums.status.*',
      'events.toolbar.add',
      'ropes.detail.health',
    ]);
    expect(namespacesOf(keysNamed(code, NAMESPACES))).toEqual(['enums', 'events', 'ropes']);
  });
});

describe('keysShown', () => {
  const texts = flatTexts({
    common: { fields: { name: 'Name' }, save: 'Save' },
    ropes: {
      count_one: '{{count}} rope',
      count_other: '{{count}} ropes',
      detail: { title: 'Rope', subtitle: 'of $t(common.fields.name)' },
      other: 'Other',
    },
    enums: { eventTypes: { damage: 'Damage', repair: 'Repair' }, unit: 'm' },
  });

  it('takes a key with its plural forms, a named tree, a named start, and the texts they nest', () => {
    const shown = keysShown(new Set(['ropes.count', 'ropes.detail', 'enums.eventTypes.*']), texts);
    expect([...shown].sort()).toEqual([
      'common.fields.name',
      'enums.eventTypes.damage',
      'enums.eventTypes.repair',
      'ropes.count_one',
      'ropes.count_other',
      'ropes.detail.subtitle',
      'ropes.detail.title',
    ]);
  });

  it('gives the nested object i18next takes', () => {
    expect(treeOf(['ropes.detail.title', 'common.save'], texts)).toEqual({
      common: { save: 'Save' },
      ropes: { detail: { title: 'Rope' } },
    });
  });
});

const node = (name: string, imports: string[], dynamicImports: string[] = [], isEntry = false) => ({
  name,
  imports,
  dynamicImports,
  isEntry,
  isDynamicEntry: !isEntry && name !== 'shared' && name !== 'react' && name !== 'messages',
});

// The entry loads the rope page and the users page lazily; both import `shared` statically; each of them can load the
// event dialog, which the rope page also loads through its section.
const GRAPH = {
  index: node('index', ['react'], ['rope-page', 'users-page'], true),
  react: node('react', []),
  shared: node('shared', ['index']),
  messages: node('messages', []),
  'rope-page': node('rope-page', ['index', 'shared', 'messages'], ['section', 'event-dialog']),
  'users-page': node('users-page', ['index', 'shared'], ['event-dialog']),
  section: node('section', ['index'], ['event-dialog']),
  'event-dialog': node('event-dialog', ['index', 'messages']),
};

describe('TextsPlan', () => {
  const plan = new TextsPlan(GRAPH);

  it('follows static imports only', () => {
    expect(plan.staticClosure('rope-page').sort()).toEqual(['index', 'messages', 'react', 'rope-page', 'shared']);
    expect(plan.boundaries().sort()).toEqual(['event-dialog', 'index', 'rope-page', 'section', 'users-page']);
  });

  it('vouches for a boundary with every boundary that can have loaded its importers', () => {
    expect(plan.loadedBefore('section')).toEqual(['rope-page']);
    expect(plan.loadedBefore('event-dialog').sort()).toEqual(['rope-page', 'section', 'users-page']);
    expect(plan.loadedBefore('rope-page')).toEqual(['index']);
  });
});

/** Runs placeTexts on modules of code per chunk; answers the files' texts by language and chunk. */
function place(code: Record<string, string>) {
  const locales = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
  const { namespaces, texts } = readLocales(locales);
  const chunks = Object.fromEntries(
    Object.entries(GRAPH).map(([fileName, chunk]) => [
      fileName,
      { ...chunk, fileName, modules: { [`/app/src/${fileName}.tsx`]: { code: code[fileName] ?? '' } } },
    ]),
  ) as unknown as Record<string, Rollup.RenderedChunk>;
  const emitted = new Map<string, string>();
  const files = new Map<string, Record<string, unknown>>();
  const emitter = {
    emitFile: (file: Rollup.EmittedAsset) => {
      const id = `assets/${file.name?.replace(/\.js$/, '')}-${emitted.size}.js`;
      emitted.set(id, String(file.source));
      return id;
    },
    getFileName: (id: string) => id,
  };
  const prefixes = placeTexts(emitter, chunks, { namespaces, texts, shared: ['messages'], base: '/' });
  for (const [id, source] of emitted) {
    const [, name = ''] = /^assets\/texts-(.+)-\d+\.js$/.exec(id) ?? [];
    const json = /^export default JSON\.parse\((.*)\);\n$/.exec(source)?.[1] ?? '""';
    files.set(name, JSON.parse(JSON.parse(json)));
  }
  return { prefixes, files, keys: (name: string) => [...flatTexts(files.get(name) ?? {}).keys()].sort() };
}

describe('placeTexts', () => {
  const { prefixes, files, keys } = place({
    index: "t('common.actions.cancel')",
    shared: "t('common.actions.save')",
    messages: "t('validation.required')",
    'rope-page': "t('ropes.detail.health');t('common.actions.save')",
    'users-page': "t('users.title')",
    section: "t('ropes.detail.health');t('events.toolbar.addDamage')",
    'event-dialog': "t('events.toolbar.addDamage');t('ropes.detail.health')",
  });

  it('gives the entry its own texts by name, before it runs', () => {
    expect(prefixes.get('index')).toMatch(
      /^globalThis\.__ropeEntryTexts=\{"de-DE":\["\/assets\/texts-de-DE-index-\d+\.js"\]/,
    );
    expect(keys('de-DE-index')).toEqual(['common.actions.cancel']);
  });

  it('makes a lazily loaded chunk wait for its texts beyond the entry, with a shared chunk in a file of its own', () => {
    expect(prefixes.get('rope-page')).toMatch(
      /^await globalThis\.__ropeLoadTexts\(\{"de-DE":\[[^\]]*rope-page[^\]]*messages/,
    );
    expect(keys('fr-FR-rope-page')).toEqual(['common.actions.save', 'ropes.detail.health']);
    expect(keys('fr-FR-messages')).toEqual(['validation.required']);
  });

  it('leaves out what every boundary that can have loaded it shows, and nests what a text nests', () => {
    // The section runs only within the rope page: the rope title is sure to be in.
    expect(keys('de-DE-section')).toEqual(['events.toolbar.addDamage']);
    // The event dialog can run within the users page, which shows neither of its texts.
    expect(keys('de-DE-event-dialog')).toEqual(['events.toolbar.addDamage', 'ropes.detail.health']);
    // What its static imports name comes along, and the users' title is the shell's name for them
    // ($t(shell.nav.users)).
    expect(keys('en-US-users-page')).toEqual(['common.actions.save', 'shell.nav.users', 'users.title']);
  });

  it('writes nothing for a chunk whose texts are all sure to be in', () => {
    const quiet = place({ index: "t('users.title')", 'rope-page': "t('shell.nav.users')" });
    expect(quiet.prefixes.has('rope-page')).toBe(false);
    expect([...quiet.files.keys()].filter((name) => name.endsWith('rope-page'))).toEqual([]);
  });

  it('gives every language its files', () => {
    expect([...files.keys()].filter((name) => name.endsWith('-rope-page')).sort()).toEqual([
      'de-DE-rope-page',
      'en-US-rope-page',
      'es-ES-rope-page',
      'fr-FR-rope-page',
    ]);
  });
});
