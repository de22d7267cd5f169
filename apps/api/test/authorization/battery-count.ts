import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/env.ts';

const RESULTS = join(repoRoot, 'apps/api/test-results');

/**
 * How many requests or cells a battery sent, for the closing summary of `npm test` (scripts/test-summary.mjs reads
 * `test-results/battery-*.json`): the counts show what CI ran, not only that it passed.
 */
export function recordBatteryCount(name: string, count: number, detail = ''): void {
  mkdirSync(RESULTS, { recursive: true });
  const slug = name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  const file = join(RESULTS, `battery-${slug}.json`);
  writeFileSync(file, JSON.stringify({ name, count, detail }));
}
