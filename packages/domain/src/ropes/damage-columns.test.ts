import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDamages, positionOrder, RADIX_FROM, sortDamages, sortOrder } from './damage-columns.ts';

const withoutNegativeZero = (value: number) => (value === 0 ? 0 : value);

describe('sortOrder', () => {
  it('orders doubles as a comparator sort does: negatives, zeros, fractions, duplicates, large values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 300 }), (list) => {
        const values = Float64Array.from(list);
        const order = sortOrder(values);
        const sorted = Array.from(order, (index) => values[index]!);
        expect(sorted.map(withoutNegativeZero)).toEqual([...list].sort((a, b) => a - b).map(withoutNegativeZero));
        expect(new Set(order).size).toBe(list.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps equal values in their input order (stable)', () => {
    expect(Array.from(sortOrder(Float64Array.from([3, 1, 3, 1, 2])))).toEqual([1, 3, 4, 0, 2]);
  });
});

describe('sortDamages', () => {
  it('wraps positions into the loop and breaks ties by id', () => {
    const input = emptyDamages(4);
    for (const [id, position] of [
      [9, 1005],
      [2, 5],
      [4, -995],
      [1, 700],
    ] as const) {
      const i = input.length++;
      input.id[i] = id;
      input.position[i] = position;
      input.weight[i] = id;
    }
    const sorted = sortDamages(input, 1000);
    expect(Array.from(sorted.position)).toEqual([5, 5, 5, 700]);
    expect(Array.from(sorted.id)).toEqual([2, 4, 9, 1]);
    expect(Array.from(sorted.weight)).toEqual([2, 4, 9, 1]);
  });
});

describe('sortOrder on values that differ only in their lowest bits', () => {
  it('orders positions crowded within a micrometre, as many as a hostile import could send', () => {
    const base = 1234.5;
    const values = Float64Array.from({ length: 5_000 }, (_, i) => base + ((i * 7919) % 5_000) * Number.EPSILON * 1024);
    const order = sortOrder(values);
    const sorted = Array.from(order, (index) => values[index]!);
    expect(sorted).toEqual([...values].sort((a, b) => a - b));
  });

  it('orders a few neighbours within a run and keeps equal values stable', () => {
    const close = 10 + Number.EPSILON * 8;
    const values = Float64Array.from([close, 10, 3, close, 10, 10 + Number.EPSILON * 16]);
    expect(Array.from(sortOrder(values))).toEqual([2, 1, 4, 0, 3, 5]);
  });
});

describe('the comparison sort of few damages and the radix sort of many', () => {
  it('order positions alike, ties by id, on either side of RADIX_FROM', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: RADIX_FROM - 50, max: RADIX_FROM + 50 })
          .chain((length) =>
            fc.tuple(
              fc.array(fc.integer({ min: -40, max: 40 }), { minLength: length, maxLength: length }),
              fc.array(fc.integer({ min: 1, max: 30 }), { minLength: length, maxLength: length }),
            ),
          ),
        ([quarters, ids]) => {
          // Quarter metres: many equal positions, some at -0 and +0.
          const positions = Float64Array.from(quarters, (quarter) => (quarter === 0 && ids[0]! % 2 ? -0 : quarter / 4));
          const expected = Array.from(positions, (_, index) => index).sort(
            (a, b) => positions[a]! - positions[b]! || ids[a]! - ids[b]! || a - b,
          );
          expect(Array.from(positionOrder(positions, ids))).toEqual(expected);
          expect(Array.from(sortOrder(positions))).toEqual(
            [...expected].sort((a, b) => positions[a]! - positions[b]! || a - b),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
