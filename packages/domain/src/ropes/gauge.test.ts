import { describe, expect, it } from 'vitest';
import { damageGauge, damageGaugeColour, healthGauge, healthGaugeColour, healthTone } from './gauge.ts';

describe('gauges: damage green under half the limit, red from it; health red at 0', () => {
  it('colours damage ratios green under 0.5, orange under 1, red from 1', () => {
    expect([0.49, 0.5, 0.99, 1].map(damageGaugeColour)).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it('colours health green above 50, orange above 0, red otherwise', () => {
    expect([51, 50, 1, 0].map(healthGaugeColour)).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it.each([
    [0, '0 %', 'green', 0],
    [49.95, '50 %', 'orange', 50 / 120],
    [50, '50 %', 'orange', 50 / 120],
    [100, '100 %', 'red', 100 / 120],
    [120.5, '> 120 %', 'red', 1],
  ] as const)(
    'prints damage %s %% as %s in %s: figure and colour from one rounding',
    (damage, label, colour, fraction) => {
      const reading = damageGauge(damage);
      expect(reading).toMatchObject({ label, colour });
      expect(reading.fraction).toBeCloseTo(fraction, 12);
    },
  );

  it.each([
    [0, '0 %', 'red'],
    [49.95, '50 %', 'orange'],
    [50, '50 %', 'orange'],
    [100, '100 %', 'green'],
    [120.5, '100 %', 'green'],
  ] as const)('prints health %s %% as %s in %s: figure and colour from one rounding', (health, label, colour) => {
    expect(healthGauge(health)).toMatchObject({ label, colour });
  });

  it('never prints a figure whose colour belongs to another figure', () => {
    for (let tenth = 0; tenth <= 1300; tenth += 1) {
      const value = tenth / 10;
      const damage = damageGauge(value);
      if (damage.percent <= 120) expect(damage).toEqual(damageGauge(damage.percent));
      const health = healthGauge(value);
      expect(health).toEqual(healthGauge(health.percent));
    }
  });

  it('draws the health needle at 0 for a discarded rope, 1 when as new', () => {
    expect(healthGauge(0).fraction).toBe(0);
    expect(healthGauge(100).fraction).toBe(1);
    expect(damageGauge(-3)).toMatchObject({ label: '0 %', colour: 'green', fraction: 0 });
  });
});

describe('health tone: the band a stored health stands in', () => {
  it('is unknown when the damage cannot be computed, never green', () => {
    expect(healthTone(null)).toBe('unknown');
    expect(healthTone({ status: 'unknown', health: null })).toBe('unknown');
    expect(healthTone({ status: 'computed', health: null })).toBe('unknown');
  });
  it('follows the gauge: green above 50 %, orange above 0 %, red at 0 %, with its single rounding', () => {
    expect(healthTone({ status: 'computed', health: 80 })).toBe('green');
    expect(healthTone({ status: 'computed', health: 50.4 })).toBe('orange');
    expect(healthTone({ status: 'computed', health: 50.6 })).toBe('green');
    expect(healthTone({ status: 'computed', health: 0.4 })).toBe('red');
    expect(healthTone({ status: 'computed', health: 12 })).toBe('orange');
  });
});
