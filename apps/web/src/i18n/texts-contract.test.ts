import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES, SERVER_NAMESPACES, textGroupOf, textsChunkOf, WORK_NAMESPACES } from './texts-contract';

describe('the text groups', () => {
  it('put each namespace in one group: the core, the daily work or the rest', () => {
    expect(CORE_NAMESPACES.filter((namespace) => (WORK_NAMESPACES as readonly string[]).includes(namespace))).toEqual(
      [],
    );
    for (const namespace of CORE_NAMESPACES) expect(textGroupOf(namespace)).toBe('core');
    for (const namespace of WORK_NAMESPACES) expect(textGroupOf(namespace)).toBe('work');
    expect(textGroupOf('webhooks')).toBe('more');
  });

  it('name one build file per language and group, for feature files only', () => {
    expect(textsChunkOf('/app/src/i18n/locales/de-DE/ropes.json')).toBe('texts-de-DE-work');
    expect(textsChunkOf('/app/src/i18n/locales/fr-FR/auth.json')).toBe('texts-fr-FR-core');
    expect(textsChunkOf('/app/src/i18n/locales/es-ES/users.json')).toBe('texts-es-ES-more');
    expect(textsChunkOf('/app/src/i18n/texts.ts')).toBeUndefined();
    expect(textsChunkOf('/app/node_modules/zod/locales/de.json')).toBeUndefined();
  });

  it("leave the server's feature files out of what the browser can load", () => {
    const source = readFileSync(new URL('./feature-files.ts', import.meta.url), 'utf8');
    const left = [...source.matchAll(/'!\.\/locales\/\*\/([a-z]+)\.json'/g)].map((match) => match[1]);
    expect(left.sort()).toEqual([...SERVER_NAMESPACES].sort());
  });
});
