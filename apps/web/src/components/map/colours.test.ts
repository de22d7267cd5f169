import { describe, expect, it } from 'vitest';
import { damageHex, damageRatio, GAUGE_HEX } from './colours';

const computed = (damage: number) => ({ status: 'computed' as const, damage, health: Math.max(0, 100 - damage) });

describe('damage colours', () => {
  it('colours by the gauge rule and greys out a missing damage', () => {
    expect(damageHex(null)).toBe(GAUGE_HEX.none);
    expect(damageHex(computed(49))).toBe(GAUGE_HEX.green);
    expect(damageHex(computed(50))).toBe(GAUGE_HEX.orange);
    expect(damageHex(computed(100))).toBe(GAUGE_HEX.red);
    expect(damageRatio(computed(130))).toBe(1.3);
  });

  it('colours as the printed figure reads: 49.95 % is "50 %", orange', () => {
    expect(damageHex(computed(49.95))).toBe(GAUGE_HEX.orange);
  });

  it('greys out an unknown damage, never green', () => {
    const unknown = {
      status: 'unknown' as const,
      damage: null,
      health: null,
      missingInputs: ['nominalDiameter' as const],
      unknownRopes: 1,
    };
    expect(damageHex(unknown)).toBe(GAUGE_HEX.unknown);
    expect(damageHex(unknown)).not.toBe(GAUGE_HEX.green);
    expect(damageRatio(unknown)).toBeNull();
  });
});
