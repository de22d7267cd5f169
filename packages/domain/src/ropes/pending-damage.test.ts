import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { damageChartAnswer, decodeDamageChart } from './damage-chart-answer.ts';
import type { RopeEventInput } from './effective-events.ts';
import { damageWithPending, type KnownDamages } from './pending-damage.ts';
import { computeRopeDamage, type RopeDamageResult } from './rope-damage.ts';
import type { RopeAttributes } from './schemas.ts';
import { ropeEvent as event } from './test-fixtures.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

const encode = (values: Int32Array | Float32Array | Float64Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

/** The damages as the device has them: the server's chart answer, through its encoding, as the web decodes it. */
function knownFromServer(rope: RopeAttributes, events: RopeEventInput[], loopLength?: number): KnownDamages {
  const answer = damageChartAnswer(computeRopeDamage(rope, events, { loopLength }), encode);
  const { damages } = decodeDamageChart(answer);
  return { ...damages, hasWireOnlyDamage: answer.missingInputs.includes('outerWireDiameter') };
}

const pendingOf = (events: RopeEventInput[]) => events.map(({ id: _id, ...rest }) => rest);

function expectSameDamage(device: RopeDamageResult | null, server: RopeDamageResult) {
  if (!device) throw new Error('the device computed nothing');
  expect(device.status).toBe(server.status);
  expect(device.missingInputs).toEqual(server.missingInputs);
  if (server.status !== 'computed') return;
  // The chart answer carries each damage's loss as float32: the device's sums agree to that precision.
  expect(device.damage).toBeCloseTo(server.damage!, 4);
  expect(device.series.map((each) => each.utilisation)).toEqual(
    server.series.map((each) => expect.closeTo(each.utilisation, 6)),
  );
}

const rope = WORKED_EXAMPLE_ROPE;

describe('the damage with events not yet synced, on the device', () => {
  it('comes to the worked example once its last three breaks, recorded offline, join the server’s five', () => {
    const all = [
      event(100, { damageCount: 2 }),
      event(100.1, { damageCount: 1 }),
      event(100.5, { damageCount: 1 }),
      event(101.2, { damageCount: 1 }),
      event(106, { damageCount: 2 }),
      event(110, { damageCount: 2 }),
      event(113, { damageCount: 1 }),
      event(118, { damageCount: 2 }),
    ];
    const server = computeRopeDamage(rope, all);
    const device = damageWithPending(rope, knownFromServer(rope, all.slice(0, 5)), pendingOf(all.slice(5)));
    expectSameDamage(device, server);
    expect(device!.damage).toBeCloseTo(54, 0);
    // The new damages take ids below zero in their order; the windows sort them in by position.
    expect([...device!.damages.id].filter((id) => id < 0)).toEqual([-1, -2, -3]);
  });

  it('equals the server’s computation for any split of the damages into synced and pending', () => {
    const damage = fc.record({
      position: fc.double({ min: 0, max: 500, noNaN: true }),
      damageCount: fc.integer({ min: 0, max: 4 }),
      loss: fc.option(fc.double({ min: 0.01, max: 3, noNaN: true }), { nil: undefined }),
      mrt: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(damage, { maxLength: 30 }),
        fc.nat(30),
        fc.constantFrom(undefined, 'manual' as const, 'mrt' as const),
        fc.constantFrom(0, 12.5),
        fc.constantFrom(undefined, 480),
        (damages, split, damageFilter, positionOffset, loopLength) => {
          const shifted = { ...rope, positionOffset };
          const events = damages.map(({ position, damageCount, loss, mrt }) =>
            event(position, {
              damageCount,
              ...(loss === undefined ? {} : { crossSectionLossAmount: loss, crossSectionLossUnit: 'percent' }),
              ...(mrt ? { detection: 'mrt' } : {}),
            }),
          );
          const cut = Math.min(split, events.length);
          const server = computeRopeDamage(shifted, events, { damageFilter, loopLength });
          const known = knownFromServer(shifted, events.slice(0, cut), loopLength);
          const filtered = computeRopeDamage(shifted, events.slice(0, cut), { damageFilter, loopLength });
          const knownFiltered = {
            ...known,
            ...decodeDamageChart(damageChartAnswer(filtered, encode)).damages,
          };
          const device = damageWithPending(shifted, knownFiltered, pendingOf(events.slice(cut)), {
            damageFilter,
            loopLength,
          });
          expectSameDamage(device, server);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('leaves a repair piece or a shortening to the server: they need the rope’s whole history', () => {
    const known = knownFromServer(rope, [event(100, { damageCount: 3 })]);
    const repairPiece = event(100, { type: 'repairPiece' });
    expect(damageWithPending(rope, known, pendingOf([event(101, { damageCount: 1 }), repairPiece]))).toBeNull();
    expect(damageWithPending(rope, known, pendingOf([event(101, { damageCount: 1 })]))).not.toBeNull();
  });

  it('stays unknown, never fine, when a pending break needs an input the rope lacks', () => {
    const withoutOuterWire: RopeAttributes = { ...rope, outerWireDiameter: undefined };
    const known = knownFromServer(withoutOuterWire, [
      event(100, { crossSectionLossAmount: 1, crossSectionLossUnit: 'percent' }),
    ]);
    expect(known.hasWireOnlyDamage).toBe(false);
    const device = damageWithPending(withoutOuterWire, known, pendingOf([event(101, { damageCount: 2 })]));
    expect(device).toMatchObject({ status: 'unknown', damage: null, missingInputs: ['outerWireDiameter'] });
    // And a rope the server could not judge for a synced wire-only break stays unknown with a measured one added.
    const judgedUnknown = knownFromServer(withoutOuterWire, [event(100, { damageCount: 2 })]);
    expect(judgedUnknown.hasWireOnlyDamage).toBe(true);
    const measured = pendingOf([event(101, { crossSectionLossAmount: 1, crossSectionLossUnit: 'percent' })]);
    expect(damageWithPending(withoutOuterWire, judgedUnknown, measured)?.status).toBe('unknown');
  });
});
