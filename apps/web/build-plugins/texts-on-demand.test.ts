import { fileURLToPath } from 'node:url';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES } from '../src/i18n/texts-contract';
import { firstDownload, namespacesNamed, nestedNamespaces, textsOnDemand } from './texts-on-demand';

const LOCALES = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const NAMESPACES = ['common', 'enums', 'events', 'ropes', 'shell'];

const chunk = (fileName: string, imports: string[], isEntry = false) =>
  ({ fileName, imports, isEntry, moduleIds: [`/app/src/${fileName}.tsx`] }) as unknown as Rollup.RenderedChunk;

/** Runs the plugin's renderChunk on `code` as the chunk `name` of these chunks. */
function render(code: string, name: string, chunks: Record<string, Rollup.RenderedChunk>) {
  const plugin = textsOnDemand(LOCALES);
  const errors: string[] = [];
  const context = {
    error: (message: string) => {
      errors.push(message);
      throw new Error(message);
    },
  };
  const renderChunk = plugin.renderChunk as (...args: unknown[]) => { code: string } | null;
  try {
    return { output: renderChunk.call(context, code, chunks[name], {}, { chunks }), errors };
  } catch {
    return { output: null, errors };
  }
}

describe('namespacesNamed', () => {
  it('finds keys in any quotes, template keys included, and nothing else', () => {
    const code = [
      "t('ropes.detail.title')",
      't("events.toolbar.add")',
      `t(\`enums.eventTypes.\${type}\`)`,
      "queryKey: ['events', id]",
      "fetch('/api/ropes/1')",
      "'shellfish.x'",
    ].join(';');
    expect(namespacesNamed(code, NAMESPACES)).toEqual(['enums', 'events', 'ropes']);
  });
});

describe('firstDownload', () => {
  it('is the entry and what it imports statically, not what lazy chunks import', () => {
    const chunks = {
      index: chunk('index', ['react'], true),
      react: chunk('react', []),
      rope: chunk('rope', ['index', 'chart']),
      chart: chunk('chart', ['react']),
    };
    expect([...firstDownload(chunks)].sort()).toEqual(['index', 'react']);
  });
});

describe('nestedNamespaces', () => {
  const nested = nestedNamespaces(LOCALES, [...CORE_NAMESPACES, 'users', 'notifications', 'search']);

  it('keeps the core texts whole: they nest no namespace outside the core', () => {
    for (const namespace of CORE_NAMESPACES)
      expect(
        [...(nested.get(namespace) ?? [])].filter((name) => !(CORE_NAMESPACES as readonly string[]).includes(name)),
      ).toEqual([]);
  });

  it('follows nesting through: the users texts nest the notification texts and the shell', () => {
    expect([...(nested.get('users') ?? [])]).toEqual(expect.arrayContaining(['notifications', 'shell', 'common']));
  });
});

describe('textsOnDemand', () => {
  const chunks = {
    index: chunk('index', ['react'], true),
    react: chunk('react', []),
    'users-page': chunk('users-page', ['index']),
  };

  it('makes a lazily loaded chunk wait for the texts it names and those they nest, beyond the core', () => {
    const { output } = render("t('users.title'); t('common.actions.save')", 'users-page', chunks);
    expect(output?.code).toMatch(/^await globalThis\.__ropeLoadTexts\(\[[^\]]*"users"[^\]]*\]\);\n/);
    expect(output?.code).toContain('"notifications"');
    expect(output?.code).not.toContain('"common"');
  });

  it('leaves a chunk alone that names core texts only', () => {
    expect(render("t('common.actions.save')", 'users-page', chunks).output).toBeNull();
  });

  it('refuses a chunk of every first download that names texts beyond the core', () => {
    expect(render("t('users.title')", 'index', chunks).errors).toEqual([expect.stringContaining('names the texts of')]);
  });
});
