import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files that take longest (one and a half to three minutes each, the admin's every screen and the
 * device states the longest), in this order before all others: so no worker is left alone with one of them at the
 * end. Vitest's own order puts the longest first only once its cache knows the durations; on a clean clone (CI) it
 * puts the largest files first, and each role's every-screen file is three lines.
 */
const SLOWEST_FIRST = [
  /\/every-screen-admin\./,
  /\/device-state\./,
  /\/every-screen-[a-z]+\./,
  /\/every-screen\./,
  /\/screens\./,
];

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
