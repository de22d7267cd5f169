import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RopeEventAttributes } from '../events/schemas.ts';
import { eventLossPct, lossPerBrokenWire, metallicCrossSection } from './cross-section.ts';
import { positionOrder } from './damage-columns.ts';
import {
  computeRopeDamage,
  computeRopeDamageFromRows,
  DAMAGE_FLAGS,
  loopLengthFor,
  rowDatumPositions,
  summariseDamages,
} from './rope-damage.ts';
import { ruleRowFor } from './rule-sets.ts';
import type { RopeAttributes } from './schemas.ts';
import { ropeEvent as event } from './test-fixtures.ts';
import { windowPoints } from './windows.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

const pointsOf = (result: ReturnType<typeof computeRopeDamage>, series: number) =>
  windowPoints(result.damages, result.series[series]!.windows);

const haulRope: RopeAttributes = WORKED_EXAMPLE_ROPE;

const breaks = (position: number, damageCount: number, more: Partial<RopeEventAttributes> = {}) =>
  event(position, { damageCount, ...more });

describe('cross-section loss: broken wires as a share of the metallic cross-section', () => {
  it('derives A = C·d² and the loss of one broken wire', () => {
    expect(metallicCrossSection(haulRope)).toBeCloseTo(614.4, 6);
    expect((Math.PI * 2.6 ** 2) / 4).toBeCloseTo(5.309, 3);
    expect(lossPerBrokenWire(haulRope)).toBeCloseTo(0.864, 3);
  });

  it('converts percent, mm² and wire counts', () => {
    expect(eventLossPct({ crossSectionLossAmount: 3, crossSectionLossUnit: 'percent' }, haulRope)).toBe(3);
    expect(eventLossPct({ crossSectionLossAmount: 61.44, crossSectionLossUnit: 'mm2' }, haulRope)).toBeCloseTo(10, 9);
    expect(eventLossPct({ damageCount: 7 }, haulRope)).toBeCloseTo(6.05, 2);
    expect(eventLossPct({ damageCount: 10 }, haulRope)).toBeCloseTo(8.64, 2);
    expect(eventLossPct({ damageCount: 29 }, haulRope)).toBeCloseTo(25.06, 2);
  });
});

describe('damage per reference length (the worked example of a haul rope)', () => {
  // 3 breaks within 0.24 m, 5 within 1.6 m, 12 within 20 m, each the worst window of its length.
  const events = [
    breaks(100, 2),
    breaks(100.1, 1),
    breaks(100.5, 1),
    breaks(101.2, 1),
    breaks(106, 2),
    breaks(110, 2),
    breaks(113, 1),
    breaks(118, 2),
  ];

  it('uses the 6d / 40d / 500d rows of the EN 12927 scheme for a stranded haul rope', () => {
    const { row } = ruleRowFor(haulRope);
    expect(row.lengths).toEqual([
      { multiple: 6, limit: 6 },
      { multiple: 40, limit: 8 },
      { multiple: 500, limit: 25 },
    ]);
  });

  it('finds 2.59 / 4.32 / 10.37 % in the worst windows: utilisation 0.43 / 0.54 / 0.41, damage 54 %, health 46 %', () => {
    const result = computeRopeDamage(haulRope, events);
    expect(result.series.map((entry) => entry.length)).toEqual([0.24, 1.6, 20]);
    const worstLoss = result.series.map((_, index) =>
      Math.max(...pointsOf(result, index).map((point) => point.lossPct)),
    );
    expect(worstLoss[0]).toBeCloseTo(2.59, 2);
    expect(worstLoss[1]).toBeCloseTo(4.32, 2);
    expect(worstLoss[2]).toBeCloseTo(10.37, 2);
    expect(result.series.map((entry) => Number(entry.utilisation.toFixed(2)))).toEqual([0.43, 0.54, 0.41]);
    expect(result.status).toBe('computed');
    expect(Math.round(result.damage!)).toBe(54);
    expect(Math.round(result.health!)).toBe(46);
    expect(summariseDamages(result, new Date('2026-01-01T00:00:00Z'))).toMatchObject({
      standard: 'EN12927',
      utilisation: { '6': expect.closeTo(0.432, 3), '40': expect.closeTo(0.54, 2), '500': expect.closeTo(0.415, 3) },
    });
  });

  it('reaches the discard limit at 7 breaks within 0.24 m', () => {
    const six = computeRopeDamage(haulRope, [breaks(50, 6)]);
    const seven = computeRopeDamage(haulRope, [breaks(50, 4), breaks(50.2, 3)]);
    expect(six.damage).toBeLessThan(100);
    expect(seven.damage).toBeGreaterThan(100);
    expect(seven.health).toBe(0);
  });

  it('counts broken wires against ISO 4309 limits by rope category and lay', () => {
    const crane: RopeAttributes = {
      standard: 'ISO4309',
      nominalDiameter: 20,
      loadBearingOuterWires: 108,
      ropeLay: 'ordinary',
    };
    const { row } = ruleRowFor(crane);
    expect(row.id).toBe('RCN04-ordinary');
    expect(row.lengths).toEqual([
      { multiple: 6, limit: 5 },
      { multiple: 30, limit: 10 },
    ]);
    const result = computeRopeDamage(crane, [breaks(3, 3), breaks(3.1, 2)]);
    expect(result.damage).toBe(100);
    expect(ruleRowFor({ ...crane, ropeLay: 'lang' }).row.lengths[0]).toEqual({ multiple: 6, limit: 2 });
  });

  it('filters manual and MRT damages and replays the chart as of a date', () => {
    const manual = breaks(10, 3, { detection: 'manual', timestamp: '2024-01-01T00:00:00Z' });
    const mrt = breaks(10.1, 3, { detection: 'mrt', timestamp: '2025-06-01T00:00:00Z' });
    const all = computeRopeDamage(haulRope, [manual, mrt]);
    expect(pointsOf(all, 0)[0]!.count).toBe(6);
    expect(pointsOf(computeRopeDamage(haulRope, [manual, mrt], { damageFilter: 'mrt' }), 0)[0]!.count).toBe(3);
    expect(pointsOf(computeRopeDamage(haulRope, [manual, mrt], { damageFilter: 'manual' }), 0)[0]!.events).toEqual([
      manual.id,
    ]);
    const asOf = Date.parse('2025-01-01T00:00:00Z');
    expect(pointsOf(computeRopeDamage(haulRope, [manual, mrt], { asOf }), 0)[0]!.count).toBe(3);
  });

  it('lets a repair piece remove earlier damages inside its range only', () => {
    const inside = breaks(20, 4, { timestamp: '2024-01-01T00:00:00Z' });
    const outside = breaks(40, 4, { timestamp: '2024-01-01T00:00:00Z' });
    const later = breaks(21, 1, { timestamp: '2025-03-01T00:00:00Z' });
    const piece = event(15, { type: 'repairPiece', positionEnd: 30, timestamp: '2025-01-01T00:00:00Z' });
    const ids = pointsOf(computeRopeDamage(haulRope, [inside, outside, later, piece]), 2).flatMap(
      (point) => point.events,
    );
    expect(new Set(ids)).toEqual(new Set([outside.id, later.id]));
  });

  it('shifts earlier damages beyond a relevant shortening and drops the piece cut out', () => {
    const before = breaks(500, 2, { timestamp: '2024-01-01T00:00:00Z' });
    const cut = breaks(505, 2, { timestamp: '2024-01-01T00:00:00Z' });
    const beyond = breaks(600, 2, { timestamp: '2024-01-01T00:00:00Z' });
    const shortening = event(450, {
      recordingType: 'mutation',
      type: 'shortening',
      lengthChange: -60,
      timestamp: '2024-06-01T00:00:00Z',
    });
    const positions = pointsOf(computeRopeDamage(haulRope, [before, cut, beyond, shortening]), 0).map(
      (p) => p.position,
    );
    expect(positions).toEqual([540]);
    const notRelevant = {
      ...shortening,
      attributes: { ...shortening.attributes, mutationRelevance: 'notRelevant' as const },
    };
    expect(pointsOf(computeRopeDamage(haulRope, [before, beyond, notRelevant]), 0).map((p) => p.position)).toEqual([
      500, 600,
    ]);
  });

  it('wraps windows of endless haul ropes at the loop length', () => {
    const loop = loopLengthFor(haulRope, 1000);
    expect(loop).toBe(1000);
    expect(loopLengthFor({ ...haulRope, ropeApplication: 'trackRope' }, 1000)).toBeUndefined();
    const result = computeRopeDamage(haulRope, [breaks(999.9, 4), breaks(0.05, 3)], { loopLength: loop });
    expect(result.series[0]!.utilisation).toBeGreaterThan(1);
  });
});

describe('damage computation order', () => {
  it('does not depend on the order the events arrive in', () => {
    const positions = [500, 10, 250, 10.1, 499.9, 10.05, 251];
    const events = positions.map((position, index) =>
      breaks(position, 2, { timestamp: `2025-01-${String(10 + index).padStart(2, '0')}T00:00:00Z` }),
    );
    const forward = computeRopeDamage(haulRope, events);
    const backward = computeRopeDamage(haulRope, [...events].reverse());
    expect(backward.series.map((series) => series.utilisation)).toEqual(
      forward.series.map((series) => series.utilisation),
    );
    expect(pointsOf(forward, 0).map((point) => point.position)).toEqual([10, 10.05, 10.1, 250, 251, 499.9, 500]);
    expect(pointsOf(forward, 0)[0]!.count).toBe(6);
  });
});

describe('bulk rows', () => {
  it('computes what computeRopeDamage computes from the events, with filters and dates', () => {
    const eventList = fc.array(
      fc.record({
        position: fc.double({ min: 0, max: 300, noNaN: true }),
        damageCount: fc.integer({ min: 0, max: 5 }),
        lossAmount: fc.option(fc.double({ min: 0, max: 20, noNaN: true })),
        lossInMm2: fc.boolean(),
        foundByMrt: fc.boolean(),
        day: fc.integer({ min: 0, max: 60 }),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(
        eventList,
        fc.constantFrom(undefined, 'manual' as const, 'mrt' as const),
        fc.option(fc.integer({ min: 0, max: 61 })),
        fc.option(fc.integer({ min: 50, max: 400 })),
        fc.constantFrom(0, 12.5, -7.25, 0.1),
        (list, damageFilter, asOfDay, loop, positionOffset) => {
          const rope = { ...haulRope, positionOffset };
          const day = (n: number) => Date.UTC(2025, 0, 1) + n * 86_400_000;
          const events = list.map((entry, index) => ({
            id: index + 1,
            position: entry.position,
            attributes: {
              timestamp: new Date(day(entry.day)).toISOString(),
              recordingType: 'damage' as const,
              type: 'wireBreak' as const,
              actionStatus: 'new' as const,
              isImported: false,
              damageCount: entry.damageCount,
              ...(entry.lossAmount === null
                ? {}
                : {
                    crossSectionLossAmount: entry.lossAmount,
                    crossSectionLossUnit: entry.lossInMm2 ? ('mm2' as const) : ('percent' as const),
                  }),
              detection: entry.foundByMrt ? ('mrt' as const) : ('manual' as const),
            },
          }));
          const rows = {
            id: events.map((event) => event.id),
            position: list.map((entry) => entry.position),
            damageCount: list.map((entry) => entry.damageCount),
            lossAmount: list.map((entry) => entry.lossAmount),
            flags: list.map(
              (entry) =>
                (entry.lossAmount !== null && entry.lossInMm2 ? DAMAGE_FLAGS.lossInMm2 : 0) |
                (entry.foundByMrt ? DAMAGE_FLAGS.foundByMrt : 0),
            ),
            occurredAt: list.map((entry) => day(entry.day)),
          };
          const options = {
            damageFilter,
            asOf: asOfDay === null ? undefined : day(asOfDay),
            loopLength: loop ?? undefined,
          };
          const fromEvents = computeRopeDamage(rope, events, options);
          const fromRows = computeRopeDamageFromRows(rope, rows, options);
          const order = Array.from(positionOrder(rowDatumPositions(rows, positionOffset), rows.id));
          const sortedRows = {
            ...Object.fromEntries(
              Object.entries(rows).map(([key, column]) => [key, order.map((index) => column[index])]),
            ),
            sortedForOffset: positionOffset,
          } as unknown as typeof rows;
          const fromSorted = computeRopeDamageFromRows(rope, sortedRows, options);
          // Rows sorted for another offset are sorted again, not trusted.
          const fromStale = computeRopeDamageFromRows(
            rope,
            { ...sortedRows, sortedForOffset: positionOffset + 1 },
            options,
          );
          expect(Array.from(fromStale.damages.position)).toEqual(Array.from(fromEvents.damages.position));
          expect(Array.from(fromEvents.damages.position).every((x, i, all) => i === 0 || all[i - 1]! <= x)).toBe(true);
          expect(fromSorted.series.map((series) => Array.from(series.windows.sum))).toEqual(
            fromEvents.series.map((series) => Array.from(series.windows.sum)),
          );
          expect(Array.from(fromSorted.damages.id)).toEqual(Array.from(fromEvents.damages.id));
          expect(fromRows.damage).toBe(fromEvents.damage);
          expect(Array.from(fromRows.damages.id)).toEqual(Array.from(fromEvents.damages.id));
          expect(fromRows.series.map((series) => Array.from(series.windows.sum))).toEqual(
            fromEvents.series.map((series) => Array.from(series.windows.sum)),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
