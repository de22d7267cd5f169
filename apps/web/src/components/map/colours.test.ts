import { describe, expect, it } from 'vitest';
import { damageHex, damageRatio, GAUGE_HEX } from './colours';

describe('damage colours', () => {
  it('colours by the gauge rule and greys out a missing damage', () => {
    expect(damageHex(null)).toBe(GAUGE_HEX.none);
    expect(damageHex({ damage: 49, health: 51 })).toBe(GAUGE_HEX.green);
    expect(damageHex({ damage: 50, health: 50 })).toBe(GAUGE_HEX.orange);
    expect(damageHex({ damage: 100, health: 0 })).toBe(GAUGE_HEX.red);
    expect(damageRatio({ damage: 130, health: 0 })).toBe(1.3);
  });
});
