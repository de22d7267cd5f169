import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LocatedDamage, sweepWindows, type WindowPoint } from './windows.ts';

const worst = (points: WindowPoint[]) => Math.max(0, ...points.map((point) => point.sum));

/** A window as sum and the set of its damages, comparable as a string. */
const key = (sum: number, ids: number[]) => `${sum}:${[...ids].sort((a, b) => a - b).join(',')}`;

function bruteForce(damages: LocatedDamage[], length: number, loop?: number): string[] {
  // A position already on the loop stays as it is: (x % loop + loop) % loop would round 5e-324 to 0.
  const wrap = (x: number) => (!loop || (x >= 0 && x < loop) ? x : ((x % loop) + loop) % loop);
  const span = loop ? Math.min(length, loop) : length;
  const starts = [...new Set(damages.map((damage) => wrap(damage.position)))];
  return starts
    .map((from) => {
      const inside = damages.filter((other) => {
        let offset = wrap(other.position) - from;
        if (loop && offset < 0) offset += loop;
        return offset >= 0 && offset < span;
      });
      return key(
        inside.reduce((sum, other) => sum + other.weight, 0),
        inside.map((other) => other.id),
      );
    })
    .sort();
}

const damageList = fc.array(
  fc.record({ position: fc.double({ min: -50, max: 500, noNaN: true }), weight: fc.integer({ min: 0, max: 20 }) }),
  { maxLength: 40 },
);

describe('sweepWindows', () => {
  it('sums the damages of each window starting at a damage', () => {
    const damages = [0, 0.1, 0.2, 1, 5].map((position, id) => ({ id, position, weight: 1, count: 1, lossPct: 0.5 }));
    const points = sweepWindows(damages, 0.24);
    expect(points.map((point) => point.sum)).toEqual([3, 2, 1, 1, 1]);
    expect(points[0]).toMatchObject({ position: 0, count: 3, lossPct: 1.5, events: [0, 1, 2], eventCount: 3 });
    expect(worst(points)).toBe(3);
  });

  it('wraps windows over the end of an endless rope', () => {
    const damages = [1, 99.9, 99.5].map((position, id) => ({ id, position, weight: 1, count: 1, lossPct: 1 }));
    const points = sweepWindows(damages, 2, 100);
    expect(worst(points)).toBe(3);
    expect(points.find((point) => point.position === 99.5)).toMatchObject({ events: [2, 1, 0], eventCount: 3 });
  });

  it('keeps nearly equal positions in one full-loop window despite rounding', () => {
    const damages = [-49.99999999999988, -49.999999999999886].map((position, id) => ({
      id,
      position,
      weight: id,
      count: id,
      lossPct: id,
    }));
    expect(sweepWindows(damages, 38, 38).map((point) => point.sum)).toEqual([1, 1]);
  });

  it('keeps a position already on the loop as it is, however small', () => {
    const damages = [5e-324, 0].map((position, id) => ({ id, position, weight: 1, count: 1, lossPct: 1 }));
    expect(sweepWindows(damages, 0.01, 1).map((point) => [point.position, point.events.length])).toEqual([
      [0, 2],
      [5e-324, 1],
    ]);
  });

  it('names the heaviest damage of a window', () => {
    const damages = [
      { id: 1, position: 10, weight: 1, count: 1, lossPct: 1 },
      { id: 2, position: 10.5, weight: 4, count: 4, lossPct: 4 },
    ];
    expect(sweepWindows(damages, 1)[0]?.damagePosition).toBe(10.5);
  });

  it('equals a brute-force window scan on 10,000 random cases, open and endless ropes', () => {
    fc.assert(
      fc.property(
        damageList,
        fc.double({ min: 0.01, max: 120, noNaN: true }),
        fc.option(fc.integer({ min: 1, max: 400 })),
        (list, length, loop) => {
          const damages = list.map((damage, id) => ({ ...damage, id, count: damage.weight, lossPct: damage.weight }));
          const swept = sweepWindows(damages, length, loop ?? undefined)
            .map((point) => key(point.sum, point.events))
            .sort();
          expect(swept).toEqual(bruteForce(damages, length, loop ?? undefined));
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
