import { describe, expect, it } from 'vitest';
import { damageChartAnswer } from './damage-chart-answer.ts';
import type { RopeEventInput } from './effective-events.ts';
import { mergeMissingInputs } from './missing-inputs.ts';
import { computeRopeDamage, computeRopeDamageFromRows, summariseDamages } from './rope-damage.ts';
import type { RopeAttributes } from './schemas.ts';
import { ropeEvent as damage, damageRowsOf } from './test-fixtures.ts';
import { WORKED_EXAMPLE_ROPE } from './worked-example.ts';

const both = (rope: RopeAttributes, events: RopeEventInput[]) => [
  computeRopeDamage(rope, events),
  computeRopeDamageFromRows(rope, damageRowsOf(events)),
];

const without = (...keys: (keyof RopeAttributes)[]): RopeAttributes =>
  Object.fromEntries(Object.entries(WORKED_EXAMPLE_ROPE).filter(([key]) => !keys.includes(key as never)));

const wires = damage(100, { damageCount: 3 });
const percent = damage(100.1, { crossSectionLossAmount: 2, crossSectionLossUnit: 'percent' });

describe('damage that cannot be computed: unknown, never 0 %', () => {
  it('is unknown without a nominal diameter, naming it, with no damage or health to mistake for healthy', () => {
    for (const result of both(without('nominalDiameter'), [wires])) {
      expect(result.status).toBe('unknown');
      // C·d² needs the diameter too.
      expect(result.missingInputs).toEqual(['nominalDiameter', 'metallicCrossSection']);
      expect(result.damage).toBeNull();
      expect(result.health).toBeNull();
      expect(result.series).toEqual([]);
      // What was recorded still shows.
      expect(Array.from(result.damages.id)).toEqual([wires.id]);
    }
  });

  it('is unknown without a metallic cross-section or fill factor under a loss rule, even for percent losses', () => {
    for (const result of both(without('fillFactor'), [percent])) {
      expect(result).toMatchObject({ status: 'unknown', missingInputs: ['metallicCrossSection'] });
    }
  });

  it('needs the outer wire diameter only when a damage recorded as broken wires must become loss', () => {
    const rope = without('outerWireDiameter');
    for (const result of both(rope, [percent])) expect(result).toMatchObject({ status: 'computed' });
    for (const result of both(rope, [percent, wires])) {
      expect(result).toMatchObject({ status: 'unknown', missingInputs: ['outerWireDiameter'] });
    }
    // A count with its loss recorded needs no conversion.
    const both2 = both(rope, [damage(5, { damageCount: 2, crossSectionLossAmount: 1 })]);
    for (const result of both2) expect(result.status).toBe('computed');
  });

  it('is unknown for a rope missing rule inputs even before any damage is recorded', () => {
    for (const result of both(without('nominalDiameter'), [])) expect(result.status).toBe('unknown');
    for (const result of both(WORKED_EXAMPLE_ROPE, [])) {
      expect(result).toMatchObject({ status: 'computed', damage: 0, health: 100 });
    }
  });

  it('needs load-bearing outer wires and the lay for ISO 4309, not a cross-section or wire diameter', () => {
    const crane: RopeAttributes = { standard: 'ISO4309', nominalDiameter: 20 };
    for (const result of both(crane, [wires])) {
      expect(result).toMatchObject({ status: 'unknown', missingInputs: ['loadBearingOuterWires', 'ropeLay'] });
    }
    const complete = { ...crane, loadBearingOuterWires: 108, ropeLay: 'lang' as const };
    for (const result of both(complete, [wires])) expect(result).toMatchObject({ status: 'computed', damage: 150 });
  });

  it('is stored as unknown with the missing inputs, and answered so by the chart', () => {
    const result = computeRopeDamage(without('nominalDiameter'), [wires]);
    expect(summariseDamages(result, new Date('2026-01-01T00:00:00Z'))).toEqual({
      standard: 'EN12927',
      status: 'unknown',
      missingInputs: ['nominalDiameter', 'metallicCrossSection'],
      utilisation: {},
      damage: null,
      health: null,
      computedAt: '2026-01-01T00:00:00.000Z',
    });
    const answer = damageChartAnswer(result, () => '');
    expect(answer).toMatchObject({ status: 'unknown', damage: null, health: null, result: [] });
    // What was recorded still counts; there are no windows to draw.
    expect(answer.damageCount).toBe(1);
    expect(answer.windows).toMatchObject({ form: 'all', total: 0, length: 0 });
  });

  it('merges the missing inputs of several ropes in the order of the settings', () => {
    expect(mergeMissingInputs([['ropeLay'], null, ['outerWireDiameter', 'nominalDiameter'], ['ropeLay']])).toEqual([
      'nominalDiameter',
      'outerWireDiameter',
      'ropeLay',
    ]);
  });
});
