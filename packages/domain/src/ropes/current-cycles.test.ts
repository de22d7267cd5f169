import { describe, expect, it } from 'vitest';
import { isPastDue, nextRecurrence } from '../tasks/rules.ts';
import { taskAttributesSchema } from '../tasks/schemas.ts';
import { estimateBendingCycles, newestMeasuredCycles, ropeCyclesNow } from './bending-cycles.ts';

// 5 m/s on a 1,800 m loop with 4 bends per revolution: 40 cycles an hour, running all year round.
const installation = { operatingSpeed: 5, loopLength: 1800, bendsPerRevolution: 4, operatingHoursPerYear: 8766 };
const hour = 3600_000;
const at = new Date('2026-05-01T00:00:00Z');
const before = (hours: number) => new Date(at.getTime() - hours * hour).toISOString();
// The rope's own count, 74,776.6 cycles of running ago; the TRUscan/MRT measurements, the newest 71,210 cycles ago.
const rope = { bendingCyclesUntilNow: 500_000, bendingCyclesUntilNowAt: before(1869.415) };
const events = [
  { attributes: { timestamp: before(4000), bendingCycles: 420_000 } },
  { attributes: { timestamp: before(1780.25), bendingCycles: 540_000 } },
  { attributes: { timestamp: before(10) } },
  { attributes: { timestamp: before(3000), bendingCycles: 480_000 } },
];
const task = taskAttributesSchema.parse({
  title: 'MRT inspection',
  description: 'Every 100,000 cycles',
  dueCondition: { type: 'bendingCycles', threshold: 600_000 },
  isRecurring: true,
  recurringConditions: [{ type: 'bendingCycles', threshold: 100_000 }],
});

describe('the current count of a rope', () => {
  it('is the newest measured count carried forward, whole cycles: 540,000 measured is 611,210 now', () => {
    const measured = newestMeasuredCycles(events);
    expect(measured).toEqual({ bendingCycles: 540_000, timestamp: before(1780.25) });
    expect(ropeCyclesNow({ rope, installation, measured }, at)).toBe(611_210);
    // What the tasks used before: the rope's own count carried forward, a fraction below the measured count.
    expect(estimateBendingCycles(rope, installation, at)).toBeCloseTo(574_776.6, 3);
  });

  it('rounds once to the nearest whole cycle and falls back to TRUscan when nothing else is known', () => {
    const measured = { bendingCycles: 540_000.5, timestamp: at.toISOString() };
    expect(ropeCyclesNow({ rope: {}, installation, measured }, at)).toBe(540_001);
    expect(ropeCyclesNow({ rope: { bendingCyclesUntilNow: 12_345.4 }, installation: {} }, at)).toBe(12_345);
    expect(ropeCyclesNow({ rope: {}, installation, truscanCycles: 77_000 }, at)).toBe(77_000);
    expect(ropeCyclesNow({ rope: {}, installation }, at)).toBeUndefined();
  });

  it('makes a task due at 600,000 cycles past due and plans the next one at 711,210', () => {
    const cycles = ropeCyclesNow({ rope, installation, measured: newestMeasuredCycles(events) }, at);
    expect(isPastDue(task, at, cycles)).toBe(true);
    expect(nextRecurrence(task, at, cycles)?.dueCondition).toEqual({ type: 'bendingCycles', threshold: 711_210 });
    // A fractional interval still plans a whole threshold.
    const odd = { ...task, recurringConditions: [{ type: 'bendingCycles' as const, threshold: 99_999.6 }] };
    expect(nextRecurrence(odd, at, cycles)?.dueCondition?.threshold).toBe(711_210);
  });
});
