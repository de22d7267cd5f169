import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files that take longest (each role's every screen, a minute and a half or more): started first,
 * so no worker is left alone with one of them at the end. Vitest's own order puts the longest first only once its
 * cache knows the durations; on a clean clone (CI) it puts the largest files first, and these files are three lines.
 */
const SLOWEST_FIRST = [/every-screen-admin\./, /every-screen-[a-z]+\./, /every-screen\./];

function rank(spec: TestSpecification): number {
  const index = SLOWEST_FIRST.findIndex((pattern) => pattern.test(spec.moduleId));
  return index === -1 ? SLOWEST_FIRST.length : index;
}

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, vitest's own order stands.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
