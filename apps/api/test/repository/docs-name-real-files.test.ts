import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/env.ts';

/**
 * Names the docs use for files outside the repository (the product spec, files a running cockpit writes, the
 * compiled server that apps/api/scripts/build.mjs writes).
 */
const NOT_IN_THE_REPOSITORY = new Set([
  'platform.md',
  'domain.md',
  'DESIGN.md',
  'DOMAIN.md',
  '.meta.json',
  'manifest.json',
  'dynamic-security.json',
  'server.mjs',
  'worker.mjs',
  'backup-cli.mjs',
  'xml-worker.mjs',
  'trace-worker.mjs',
]);

const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
const docs = files.filter((file) => file === 'README.md' || file === 'CONTRIBUTING.md' || /^docs\/.*\.md$/.test(file));

/** A file the docs name in backticks, by its path or the end of it (`damage/rows.ts`, `rows.ts`). */
function namedFiles(text: string): string[] {
  const names = [...text.matchAll(/`([A-Za-z0-9_./-]+\.(?:ts|tsx|mjs|cjs|json|md|sql|sh))`/g)].map(
    (match) => match[1]!,
  );
  return names.filter((name) => !NOT_IN_THE_REPOSITORY.has(name));
}

describe('the docs', () => {
  it('name only files that exist: a moved or removed file is renamed in the docs in the same change', () => {
    const missing = docs.flatMap((doc) =>
      namedFiles(readFileSync(join(repoRoot, doc), 'utf8'))
        .filter((name) => !files.some((file) => file === name || file.endsWith(`/${name}`)))
        .map((name) => `${doc}: ${name}`),
    );
    expect(docs.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
