import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RopeEventAttributes } from '../events/schemas.ts';
import { chartPositions, datumPosition } from './effective-events.ts';
import { computeRopeDamage, computeRopeDamageFromRows, rowDatumPositions } from './rope-damage.ts';
import { damageRowsOf, ropeEvent } from './test-fixtures.ts';
import { windowPoints } from './windows.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

/** Two broken wires unless told otherwise. */
const event = (position: number | null, attributes: Partial<RopeEventAttributes>) =>
  ropeEvent(position, { damageCount: 2, ...attributes });

// The device's zero lies 12.5 m along the rope from the datum: the device reads 87.5 m where the datum says 100 m.
const rope = { ...WORKED_EXAMPLE_ROPE, positionOffset: 12.5 };
const visual = event(100, { detection: 'manual' });
const imported = event(87.5, { detection: 'mrt', isImported: true });
const typedFromReport = event(87.6, { detection: 'mrt' });

describe('position offset: device-referenced positions move to the datum', () => {
  it('moves device-referenced positions to the datum, leaves datum-referenced ones', () => {
    expect(datumPosition(visual, 12.5)).toBe(100);
    expect(datumPosition(imported, 12.5)).toBe(100);
    expect(datumPosition(event(3, { recordingType: 'measurement', type: 'mrtInspection' }), 12.5)).toBe(15.5);
    expect(datumPosition(event(null, { detection: 'mrt' }), 12.5)).toBeNull();
    expect(datumPosition(imported, 0)).toBe(87.5);
  });

  it('puts a visual finding and the same damage found by MRT into one 6d window', () => {
    const result = computeRopeDamage(rope, [visual, imported, typedFromReport]);
    const points = windowPoints(result.damages, result.series[0]!.windows);
    expect(points[0]).toMatchObject({ position: 100, count: 6 });
    expect(new Set(points[0]!.events)).toEqual(new Set([visual.id, imported.id, typedFromReport.id]));
    // Without the offset the MRT damages would sit 12.5 m away, in windows of their own.
    const apart = computeRopeDamage({ ...rope, positionOffset: 0 }, [visual, imported, typedFromReport]);
    expect(windowPoints(apart.damages, apart.series[0]!.windows).map((point) => point.count)).toEqual([4, 2, 2]);
    expect(result.damage!).toBeGreaterThan(apart.damage!);
  });

  it('applies the offset on the bulk rows as on the events', () => {
    const events = [visual, imported, typedFromReport];
    const rows = damageRowsOf(events);
    expect(Array.from(rowDatumPositions(rows, 12.5))).toEqual([100, 100, 100.1]);
    const fromRows = computeRopeDamageFromRows(rope, rows);
    const fromEvents = computeRopeDamage(rope, events);
    expect(Array.from(fromRows.damages.position)).toEqual(Array.from(fromEvents.damages.position));
    expect(fromRows.damage).toBe(fromEvents.damage);
  });

  it('moves MRT damages to the datum before mutations recorded against the datum shift them', () => {
    const early = { timestamp: '2024-01-01T00:00:00Z' };
    const mrt = event(487.5, { ...early, detection: 'mrt' });
    const manual = event(500, { ...early, detection: 'manual' });
    const shortening = event(450, {
      recordingType: 'mutation',
      type: 'shortening',
      lengthChange: -10,
      timestamp: '2024-06-01T00:00:00Z',
    });
    const result = computeRopeDamage(rope, [mrt, manual, shortening]);
    expect(Array.from(result.damages.position)).toEqual([490, 490]);
    expect(chartPositions([mrt, manual, shortening], undefined, 12.5)).toEqual(
      new Map([
        [mrt.id, 490],
        [manual.id, 490],
        [shortening.id, 450],
      ]),
    );
  });

  it('lets a repair piece at datum positions remove the MRT damages inside it', () => {
    const mrt = event(87.5, { detection: 'mrt', timestamp: '2024-01-01T00:00:00Z' });
    const piece = event(95, { type: 'repairPiece', positionEnd: 105, timestamp: '2025-01-01T00:00:00Z' });
    expect(computeRopeDamage(rope, [mrt, piece]).damages.id).toHaveLength(0);
  });

  it('tells the zoom filter where MRT events are drawn, and nothing when no position moves', () => {
    expect(chartPositions([visual, imported], undefined, 12.5)).toEqual(
      new Map([
        [visual.id, 100],
        [imported.id, 100],
      ]),
    );
    expect(chartPositions([visual, imported], undefined, 0)).toBeUndefined();
    expect(chartPositions([visual], undefined, 12.5)).toBeUndefined();
  });

  it('draws every damage where the zoom filter looks for it, whatever offset, mutations and loop', () => {
    const located = fc.record({
      position: fc.double({ min: 0, max: 400, noNaN: true }),
      kind: fc.constantFrom('manual', 'mrt', 'extension', 'shortening'),
      change: fc.double({ min: 0.5, max: 30, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(located, { maxLength: 40 }),
        fc.constantFrom(0, 12.5, -7.25),
        fc.option(fc.integer({ min: 100, max: 500 })),
        (list, positionOffset, loop) => {
          // One event a day: the history's order is its time order.
          const events = list.map((entry, index) => {
            const timestamp = new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString();
            if (entry.kind === 'manual' || entry.kind === 'mrt')
              return { ...event(entry.position, { detection: entry.kind, timestamp }), id: index + 1 };
            const lengthChange = entry.kind === 'extension' ? entry.change : -entry.change;
            return {
              ...event(entry.position, { recordingType: 'mutation', type: entry.kind, lengthChange, timestamp }),
              id: index + 1,
            };
          });
          const loopLength = loop ?? undefined;
          const result = computeRopeDamage({ ...rope, positionOffset }, events, { loopLength });
          const drawn = chartPositions(events, loopLength, positionOffset);
          result.damages.id.forEach((id, index) => {
            const stored = events.find((candidate) => candidate.id === id)!.position;
            expect(drawn ? drawn.get(id) : stored).toBe(result.damages.position[index]);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
