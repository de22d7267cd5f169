import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate } from './plugins/authenticate.ts';

/**
 * pino, patched (patches/pino@10.4.0.patch), asks for its caller's file as it runs: with --enable-source-maps (how
 * production runs the compiled server and worker) asking through the source map parsed the whole map of the bundle
 * that made a logger, 300,000 mappings and about 30 MB of heap kept for the life of the process. A module with a large
 * map stands in for the bundle here, run as production runs it.
 */
describe('a logger made in a bundle with a source map', () => {
  const folder = mkdtempSync(join(tmpdir(), 'rope-source-map-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  // 200,000 generated lines, each mapped to a line of one source file: a map of the size that matters.
  const LINES = 200_000;
  const pino = createRequire(import.meta.url).resolve('pino');
  const code = [
    `import { createRequire } from 'node:module';`,
    `const pino = createRequire(import.meta.url)(${JSON.stringify(pino)});`,
    'globalThis.gc(); const before = process.memoryUsage().heapUsed;',
    `const log = pino({ level: 'silent' });`,
    'globalThis.gc(); const grown = process.memoryUsage().heapUsed - before;',
    'let stack = "";',
    'try { throw new Error("shown"); } catch (error) { stack = error.stack; }',
    'console.log(JSON.stringify({ grown, stack, made: typeof log.info }));',
    ...Array.from({ length: LINES }, (_, index) => `// line ${index}`),
    '//# sourceMappingURL=bundle.mjs.map',
  ].join('\n');
  // Line n of the bundle is line n of original.ts (column 0 to column 0): ";AACA" moves one line down.
  const map = {
    version: 3,
    sources: ['original.ts'],
    names: [],
    mappings: `AAAA${';AACA'.repeat(LINES + 9)}`,
  };
  writeFileSync(join(folder, 'bundle.mjs'), code);
  writeFileSync(join(folder, 'bundle.mjs.map'), JSON.stringify(map));

  const run = () => {
    const result = spawnSync(process.execPath, ['--enable-source-maps', '--expose-gc', join(folder, 'bundle.mjs')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { grown: number; stack: string; made: string };
  };

  it('is made without parsing the map, and a stack trace shown afterwards still names the source', () => {
    const { grown, stack, made } = run();
    expect(made).toBe('function');
    // Parsed, the map's 200,000 mappings take about 20 MB of heap; the logger itself a few hundred KB.
    expect(grown).toBeLessThan(5 * 1024 ** 2);
    expect(stack).toMatch(/original\.ts:\d+/);
  });
});

describe('the Fastify plugins made with fastify-plugin', () => {
  it('carry their own names: an anonymous one is named from a stack trace, which parses the whole map at start', () => {
    expect((authenticate as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')]).toBe(
      'authenticate',
    );
  });
});
