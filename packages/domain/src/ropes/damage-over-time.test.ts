import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RopeEventAttributes } from '../events/schemas.ts';
import { damageAtEachInstant } from './damage-over-time.ts';
import type { RopeEventInput } from './effective-events.ts';
import { computeRopeDamage } from './rope-damage.ts';
import type { RopeAttributes } from './schemas.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);

/** Ropes under each kind of rule: loss percent (EN 12927), broken wires (ISO 4309), one without its diameter. */
const ROPES: Record<string, RopeAttributes> = {
  loss: { ...WORKED_EXAMPLE_ROPE, positionOffset: 3.5 },
  lossWithoutWire: { ...WORKED_EXAMPLE_ROPE, outerWireDiameter: undefined },
  wires: {
    ropeType: 'strandedRope',
    ropeApplication: 'other',
    standard: 'ISO4309',
    nominalDiameter: 16,
    loadBearingOuterWires: 96,
    ropeLay: 'ordinary',
  },
  unknown: { ...WORKED_EXAMPLE_ROPE, nominalDiameter: undefined },
  // Reference lengths of whole metres (6, 40 and 500 m): damages on whole metres lie exactly on a window's end.
  wholeMetres: { ...WORKED_EXAMPLE_ROPE, nominalDiameter: 1000 },
};

const instant = fc.integer({ min: 0, max: 40 }).map((hours) => new Date(START + hours * HOUR).toISOString());
const position = fc.oneof(
  fc.double({ min: -5, max: 130, noNaN: true }),
  fc.integer({ min: -5, max: 130 }),
  fc.integer({ min: 0, max: 12 }),
);

const damage = fc.record({
  position,
  timestamp: instant,
  damageCount: fc.integer({ min: 0, max: 4 }),
  loss: fc.option(fc.tuple(fc.double({ min: 0, max: 3, noNaN: true }), fc.constantFrom('percent', 'mm2')), {
    nil: undefined,
  }),
  mrt: fc.boolean(),
  type: fc.constantFrom('wireBreak', 'corrosion', 'wear'),
});
const mutation = fc.record({
  position: fc.double({ min: 0, max: 120, noNaN: true }),
  timestamp: instant,
  lengthChange: fc.double({ min: -8, max: 8, noNaN: true }),
});
const repairPiece = fc.record({
  position: fc.double({ min: 0, max: 120, noNaN: true }),
  positionEnd: fc.double({ min: 0, max: 120, noNaN: true }),
  timestamp: instant,
});

const eventsArbitrary = fc
  .tuple(
    fc.array(damage, { maxLength: 60 }),
    fc.array(mutation, { maxLength: 2 }),
    fc.array(repairPiece, { maxLength: 2 }),
    fc.array(instant, { maxLength: 4 }),
  )
  .map(([damages, mutations, repairs, inspections]) => {
    const events: RopeEventInput[] = [];
    const add = (position: number | null, attributes: Partial<RopeEventAttributes>) =>
      events.push({
        id: events.length + 1,
        position,
        attributes: { actionStatus: 'new', isImported: false, ...attributes } as RopeEventAttributes,
      });
    for (const d of damages) {
      add(d.position, {
        timestamp: d.timestamp,
        recordingType: 'damage',
        type: d.type,
        damageCount: d.damageCount,
        ...(d.loss ? { crossSectionLossAmount: d.loss[0], crossSectionLossUnit: d.loss[1] } : {}),
        ...(d.mrt ? { detection: 'mrt' } : {}),
      } as Partial<RopeEventAttributes>);
    }
    for (const m of mutations) {
      add(m.position, {
        timestamp: m.timestamp,
        recordingType: 'mutation',
        type: 'shortening',
        lengthChange: m.lengthChange,
      } as never);
    }
    for (const r of repairs) {
      add(r.position, {
        timestamp: r.timestamp,
        recordingType: 'damage',
        type: 'repairPiece',
        positionEnd: r.positionEnd,
      } as never);
    }
    for (const timestamp of inspections) {
      add(null, { timestamp, recordingType: 'measurement', type: 'mrtInspection' } as never);
    }
    // Shuffled by id, as the database may answer them.
    return events.reverse();
  });

const instants = Array.from({ length: 43 }, (_, hours) => START + hours * HOUR + 1);

function expectSame(actual: (number | null)[], expected: (number | null)[]) {
  expect(actual.map((value) => value === null)).toEqual(expected.map((value) => value === null));
  for (const [index, value] of actual.entries()) {
    if (value === null) continue;
    expect(Math.abs(value - expected[index]!), `instant ${index}: ${value} against ${expected[index]}`).toBeLessThan(
      1e-9 * Math.max(1, Math.abs(expected[index]!)),
    );
  }
}

describe('the damage at each instant', () => {
  it('equals the damage computed afresh at each instant, for every rule, history and loop', () => {
    fc.assert(
      fc.property(
        eventsArbitrary,
        fc.constantFrom(...Object.keys(ROPES)),
        fc.option(fc.oneof(fc.double({ min: 20, max: 150, noNaN: true }), fc.integer({ min: 20, max: 150 })), {
          nil: undefined,
        }),
        (events, ropeName, loopLength) => {
          const rope = ROPES[ropeName]!;
          const expected = instants.map((asOf) => computeRopeDamage(rope, events, { asOf, loopLength }).damage);
          expectSame(damageAtEachInstant(rope, events, instants, loopLength), expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("counts a damage on a window's end in the next window only, over the splice point too", () => {
    const rope = ROPES.wholeMetres!;
    const at = new Date(START).toISOString();
    const wireBreak = (id: number, position: number): RopeEventInput => ({
      id,
      position,
      attributes: { timestamp: at, recordingType: 'damage', type: 'wireBreak', damageCount: 7 } as RopeEventAttributes,
    });
    const asOfs = [START + 1];
    for (const [events, loopLength] of [
      [[wireBreak(1, 0), wireBreak(2, 6)], undefined],
      [[wireBreak(1, 2), wireBreak(2, 46)], 50],
    ] as const) {
      const expected = computeRopeDamage(rope, events, { asOf: asOfs[0], loopLength }).damage;
      expectSame(damageAtEachInstant(rope, events, asOfs, loopLength), [expected]);
    }
  });

  it('turns unknown when a damage known only as broken wires needs the outer wire, and back after its repair', () => {
    const rope = ROPES.lossWithoutWire!;
    const at = (hours: number) => new Date(START + hours * HOUR).toISOString();
    const events: RopeEventInput[] = [
      {
        id: 1,
        position: 10,
        attributes: {
          timestamp: at(1),
          recordingType: 'damage',
          type: 'corrosion',
          crossSectionLossAmount: 1,
          crossSectionLossUnit: 'percent',
        } as RopeEventAttributes,
      },
      {
        id: 2,
        position: 20,
        attributes: {
          timestamp: at(2),
          recordingType: 'damage',
          type: 'wireBreak',
          damageCount: 2,
        } as RopeEventAttributes,
      },
      {
        id: 3,
        position: 15,
        attributes: {
          timestamp: at(3),
          recordingType: 'damage',
          type: 'repairPiece',
          positionEnd: 25,
        } as RopeEventAttributes,
      },
    ];
    const damages = damageAtEachInstant(
      rope,
      events,
      [1, 2, 3].map((hours) => START + hours * HOUR + 1),
    );
    expect(damages[0]).toBeGreaterThan(0);
    expect(damages[1]).toBeNull();
    expect(damages[2]).toBe(damages[0]);
  });

  it('takes n log n, not the square: 20,000 damages at as many instants', () => {
    // Losses found by MRT, then wire breaks: no wire-only damage for the first half.
    const events: RopeEventInput[] = Array.from({ length: 20_000 }, (_, i) => ({
      id: i + 1,
      position: (i * 7.31) % 2_000,
      attributes: {
        timestamp: new Date(START + i * HOUR).toISOString(),
        recordingType: 'damage',
        ...(i < 10_000
          ? { type: 'corrosion', detection: 'mrt', crossSectionLossAmount: 0.2, crossSectionLossUnit: 'percent' }
          : { type: 'wireBreak', damageCount: 1 }),
      } as RopeEventAttributes,
    }));
    const asOfs = events.map((_, i) => START + i * HOUR + 1);
    // Not a timing goal: the old way took minutes here, and a test of the square would time out.
    const damages = damageAtEachInstant(WORKED_EXAMPLE_ROPE, events, asOfs);
    expect(damages.at(-1)).toBeCloseTo(computeRopeDamage(WORKED_EXAMPLE_ROPE, events).damage!, 9);
    // Damages only come: the figure never falls (beyond the last bits of a double).
    expect(damages.every((value, i) => i === 0 || value! >= damages[i - 1]! - 1e-9)).toBe(true);
  });
});
