import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { flatTexts, keysNamed, keysShown, namespacesOf, treeOf } from './texts-named';
import { textsOnDemand } from './texts-on-demand';
import { TextsPlan } from './texts-plan';

const LOCALES = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const NAMESPACES = ['charts', 'common', 'enums', 'events', 'ropes', 'shell', 'users'];
const english = (namespaces: readonly string[]) =>
  flatTexts(
    Object.fromEntries(
      namespaces.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(`${LOCALES}/en-US/${namespace}.json`, 'utf8')),
      ]),
    ),
  );

describe('keysNamed', () => {
  it('finds whole keys and the starts of keys built at run time, in any quotes, and nothing else', () => {
    const code = [
      "t('ropes.detail.notFound')",
      't("events.toolbar.add")',
      `t(\`enums.eventTypes.\${type}\`)`,
      "const labels = 'ropes.attributes.'",
      "queryKey: ['events', id]",
      "fetch('/api/ropes/1')",
      "'shellfish.x'",
    ].join(';');
    expect(keysNamed(code, NAMESPACES)).toEqual([
      'enums.eventTypes.',
      'events.toolbar.add',
      'ropes.attributes.',
      'ropes.detail.notFound',
    ]);
    expect(namespacesOf(keysNamed(code, NAMESPACES))).toEqual(['enums', 'events', 'ropes']);
  });
});

describe('keysShown', () => {
  const texts = english(NAMESPACES);

  it('takes a whole key with its plural forms, every key below a start, and nothing beside them', () => {
    const shown = keysShown(texts, ['events.table.documents', 'enums.eventTypes.']);
    expect(shown).toContain('events.table.documents_one');
    expect(shown).toContain('events.table.documents_other');
    expect([...shown].filter((key) => key.startsWith('enums.')).length).toBeGreaterThan(3);
    expect(
      [...shown].every((key) => key.startsWith('events.table.documents') || key.startsWith('enums.eventTypes.')),
    ).toBe(true);
  });

  it('follows nested texts through: the users title nests the navigation label', () => {
    expect([...keysShown(texts, ['users.title'])].sort()).toEqual(['shell.nav.users', 'users.title']);
  });

  it('gives the texts back nested as i18next takes them', () => {
    expect(treeOf(texts, ['users.title', 'shell.nav.users'])).toEqual({
      shell: { nav: { users: texts.get('shell.nav.users') } },
      users: { title: '$t(shell.nav.users)' },
    });
  });
});

type Chunks = Record<string, Rollup.RenderedChunk>;

/** A chunk of `code` importing `imports` statically and `dynamicImports` lazily. */
function chunk(
  fileName: string,
  code: string,
  { imports = [], dynamicImports = [], isEntry = false, isDynamicEntry = false } = {} as {
    imports?: string[];
    dynamicImports?: string[];
    isEntry?: boolean;
    isDynamicEntry?: boolean;
  },
): Rollup.RenderedChunk {
  return {
    fileName,
    name: fileName,
    imports,
    dynamicImports,
    isEntry,
    isDynamicEntry,
    moduleIds: [`/app/src/${fileName}.tsx`],
    modules: { [`/app/src/${fileName}.tsx`]: { code } },
  } as unknown as Rollup.RenderedChunk;
}

/** The entry, the rope page (lazy, with a chart chunk), its events section (lazy from the page) and the messages. */
const CHUNKS: Chunks = {
  index: chunk('index', "t('common.actions.save')", { isEntry: true, dynamicImports: ['rope-page'] }),
  'rope-page': chunk('rope-page', "t('ropes.detail.notFound'); t('common.actions.save')", {
    imports: ['index', 'chart'],
    dynamicImports: ['events-section'],
    isDynamicEntry: true,
  }),
  chart: chunk('chart', "t('charts.damage.title')"),
  'events-section': chunk('events-section', "t('charts.damage.title'); t('events.table.details')", {
    imports: ['index', 'chart', 'messages'],
    isDynamicEntry: true,
  }),
  messages: chunk('messages', "'users.title'"),
};

describe('TextsPlan', () => {
  const texts = new Map([['en-US', english(NAMESPACES)]]);
  const plan = new TextsPlan(CHUNKS, texts, (code) => keysNamed(code, NAMESPACES), ['messages']);

  it('gives the entry the texts its code names', () => {
    expect([...plan.keysToLoad('index', 'en-US')]).toEqual(['common.actions.save']);
  });

  it('gives a lazy chunk the texts of what it imports statically, without the entry’s', () => {
    expect([...plan.keysToLoad('rope-page', 'en-US')].sort()).toEqual(['charts.damage.title', 'ropes.detail.notFound']);
  });

  it('leaves out what its importer’s chunk already brought, and the shared chunks’ texts, which come apart', () => {
    expect([...plan.keysToLoad('events-section', 'en-US')]).toEqual(['events.table.details']);
    expect(plan.sharedIn('events-section')).toEqual(['messages']);
    expect([...plan.keysToLoad('messages', 'en-US')].sort()).toEqual(['shell.nav.users', 'users.title']);
  });
});

/** Runs the plugin's renderChunk on each chunk, as the build does, collecting the files it emits. */
function render(chunks: Chunks) {
  const plugin = textsOnDemand(LOCALES, ['messages']);
  const emitted: { name: string; source: string }[] = [];
  const context = {
    emitFile: ({ name, source }: { name: string; source: string }) => {
      emitted.push({ name, source });
      return String(emitted.length - 1);
    },
    getFileName: (reference: string) => `assets/${emitted[Number(reference)]?.name.replace('.js', '-hash.js')}`,
  };
  (plugin.renderStart as () => void).call(context);
  const renderChunk = plugin.renderChunk as (...args: unknown[]) => { code: string } | null;
  const output = Object.fromEntries(
    Object.entries(chunks).map(([name, each]) => [
      name,
      renderChunk.call(context, (each.modules[`/app/src/${name}.tsx`] as { code: string }).code, each, {}, { chunks })
        ?.code,
    ]),
  );
  return { output, emitted };
}

describe('textsOnDemand', () => {
  const { output, emitted } = render(CHUNKS);

  it('names the entry’s files before its code runs', () => {
    expect(output.index).toMatch(/^globalThis\.__ropeEntryTexts = \[\{"de-DE":"assets\/texts-de-DE-index-hash\.js"/);
  });

  it('makes a lazy chunk wait for its own texts and those of the shared chunks it imports, in every language', () => {
    expect(output['events-section']).toMatch(
      /^await globalThis\.__ropeLoadTexts\(\[\{"de-DE":"assets\/texts-de-DE-events-section-hash\.js",.*\},\{"de-DE":"assets\/texts-de-DE-messages-hash\.js"/,
    );
    expect(output.chart).toBeUndefined();
    expect(output.messages).toBeUndefined();
  });

  it('writes each file once, as a module of exactly its texts in its language', () => {
    const names = emitted.map((file) => file.name);
    expect(new Set(names).size).toBe(names.length);
    const german = emitted.find((file) => file.name === 'texts-de-DE-events-section.js');
    const texts = JSON.parse(
      JSON.parse(german?.source.slice('export default JSON.parse('.length, -');\n'.length) ?? ''),
    );
    const events = JSON.parse(readFileSync(`${LOCALES}/de-DE/events.json`, 'utf8'));
    expect(texts).toEqual({ events: { table: { details: events.table.details } } });
  });
});
