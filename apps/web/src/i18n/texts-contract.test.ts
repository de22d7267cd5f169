import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coreEnglish } from './core-texts';
import { CORE_NAMESPACES, SERVER_NAMESPACES } from './texts-contract';

describe('the core texts', () => {
  it('are the entry’s English files: core-texts.ts imports exactly CORE_NAMESPACES', () => {
    expect(Object.keys(coreEnglish).sort()).toEqual([...CORE_NAMESPACES].sort());
  });

  it('are left out of the English bundle with the server’s files; it holds every other English file', () => {
    const source = readFileSync(new URL('./bundles/en-US.ts', import.meta.url), 'utf8');
    const left = /'!\.\.\/locales\/en-US\/\{([^}]+)\}\.json'/.exec(source)?.[1]?.split(',');
    expect(left?.sort()).toEqual([...CORE_NAMESPACES, ...SERVER_NAMESPACES].sort());
  });
});
