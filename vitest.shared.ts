import type { ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The default world of every test: a German-speaking client in Zurich, east of UTC, where a date cut from an ISO
 * string is a day early. A test that needs another world says so; TZ set from outside wins (a run of its own).
 */
export const DEFAULT_TEST_TIME_ZONE = 'Europe/Zurich';

/** Far east of UTC (+13 in its summer): the zone where every date cut at UTC midnight comes out wrong. */
export const FAR_EAST_TIME_ZONE = 'Pacific/Auckland';

/** Under `npm test` every package also writes a JSON report that scripts/test-summary.mjs adds up. */
export function sharedTestConfig(): NonNullable<ViteUserConfig['test']> {
  const report = Boolean(process.env.TEST_REPORT);
  return {
    reporters: report ? ['default', 'json'] : ['default'],
    outputFile: report ? { json: 'test-results/vitest.json' } : undefined,
    // A timeout guards against a hang, it does not time anything. At the lower priority `npm test` gives the short
    // suites beside the API tests (nice 10), a test gets about a tenth of a core while those run, so a step of a few
    // seconds alone can take a minute there.
    testTimeout: process.env.TEST_LOWER_PRIORITY ? 300_000 : 60_000,
    hookTimeout: process.env.TEST_LOWER_PRIORITY ? 300_000 : 120_000,
    // expect.poll waits for what a screen or a job shows next; vitest's default of one second is shorter than a
    // debounced search and its answer take on a busy two-core machine. A poll still ends as soon as it holds.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    env: { TZ: process.env.TZ || DEFAULT_TEST_TIME_ZONE },
  };
}

/**
 * The same tests once more with the process in Pacific/Auckland: the files that compute, store, format or compare
 * dates, so a date path that only holds in Zurich (or only at UTC) fails here.
 */
export function farEastProject(
  include: string[],
): NonNullable<NonNullable<ViteUserConfig['test']>['projects']>[number] {
  return {
    extends: true,
    test: { name: 'Pacific/Auckland', include, env: { TZ: FAR_EAST_TIME_ZONE } },
  };
}

/**
 * A file order with the files matching `slowest` first, in that order, and vitest's own order after them: so no worker
 * is left alone with a long file at the end. Vitest puts the longest first only once its cache knows the durations; on
 * a clean clone (CI) it puts the largest files first, and the longest are not the largest.
 */
export function slowFilesFirst(slowest: readonly RegExp[]): typeof BaseSequencer {
  const rank = (spec: TestSpecification) => {
    const index = slowest.findIndex((pattern) => pattern.test(spec.moduleId));
    return index === -1 ? slowest.length : index;
  };
  return class SlowFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      // Array.prototype.sort is stable: within a rank, vitest's own order stands.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
