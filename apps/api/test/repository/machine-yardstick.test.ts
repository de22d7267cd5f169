import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the README's commands, without type declarations.
import { machineBusySeconds, measureYardstick } from '../../../../scripts/machine-yardstick.mjs';

describe("the machine's yardstick printed with every `npm test` (scripts/machine-yardstick.mjs)", () => {
  it('times its computing and its system calls by their CPU, and the busy seconds grow with the work done', () => {
    const busyBefore: number = machineBusySeconds();
    const { compute, systemCalls } = measureYardstick() as { compute: number; systemCalls?: number };
    // About 0.6 s on the two-core CI machines; never nothing, never a minute.
    expect(compute).toBeGreaterThan(50);
    expect(compute).toBeLessThan(60_000);
    if (process.platform !== 'win32') expect(systemCalls).toBeGreaterThan(10);
    // The yardstick's own second of work counts, whatever else ran beside it.
    expect(machineBusySeconds() - busyBefore).toBeGreaterThanOrEqual((compute + (systemCalls ?? 0)) / 1000 / 2);
  });
});
