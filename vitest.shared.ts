import type { ViteUserConfig } from 'vitest/config';

/** Under `npm test` every package also writes a JSON report that scripts/test-summary.mjs adds up. */
export function sharedTestConfig(): NonNullable<ViteUserConfig['test']> {
  const report = Boolean(process.env.TEST_REPORT);
  return {
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: 'test-results/vitest.json' } : undefined,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  };
}
