import { describe, expect, it } from 'vitest';
import { currentBendingCycles } from './bending-cycles.ts';

// 2 m/s on a 1,800 m loop with 4 bends per revolution: 16 cycles an hour, running half of the year.
const installation = { operatingSpeed: 2, loopLength: 1800, bendsPerRevolution: 4, operatingHoursPerYear: 4383 };
const day = 24 * 3600_000;
const at = new Date('2026-05-01T00:00:00Z');

describe('the rope bending cycles counter', () => {
  it('carries the newest count forward: a measurement newer than the rope’s own count wins', () => {
    const rope = { bendingCyclesUntilNow: 100_000, bendingCyclesUntilNowAt: '2026-01-01T00:00:00Z' };
    const measured = { bendingCycles: 150_000, timestamp: new Date(at.getTime() - 10 * day).toISOString() };
    // Ten days at 16 cycles an hour, half of the time.
    expect(currentBendingCycles(rope, installation, measured, at)).toBeCloseTo(150_000 + 10 * 24 * 16 * 0.5, 3);
  });

  it('keeps the rope’s own count when it is newer than the measurement', () => {
    const rope = { bendingCyclesUntilNow: 100_000, bendingCyclesUntilNowAt: '2026-04-30T00:00:00Z' };
    const measured = { bendingCycles: 150_000, timestamp: '2026-01-01T00:00:00Z' };
    expect(currentBendingCycles(rope, installation, measured, at)).toBeCloseTo(100_000 + 24 * 16 * 0.5, 3);
  });

  it('takes the measurement over an undated own count, and nothing without either', () => {
    const measured = { bendingCycles: 150_000, timestamp: at.toISOString() };
    expect(currentBendingCycles({ bendingCyclesUntilNow: 100_000 }, {}, measured, at)).toBe(150_000);
    expect(currentBendingCycles({ bendingCyclesUntilNow: 100_000 }, {}, undefined, at)).toBe(100_000);
    expect(currentBendingCycles({}, installation, undefined, at)).toBeUndefined();
  });
});
