import { describe, expect, it } from 'vitest';
import { emptySplice, emptySplicePart } from './event-form';
import { checkPart, checkSplices, worstBand } from './splice-checks';

describe('splice checks while typing', () => {
  it('bands knots by their maximum and other parts by their minimum diameter', () => {
    const knot = { ...emptySplicePart('knot'), diameterMin: 30, diameterMax: 42.8 };
    expect(checkPart(knot, 40)).toEqual({ deviation: expect.closeTo(7, 5), band: 'yellow' });
    const tuck = { ...emptySplicePart('other'), diameterMin: '35.5', diameterMax: 50 };
    expect(checkPart(tuck, 40)).toEqual({ deviation: expect.closeTo(-11.25, 5), band: 'red' });
    expect(checkPart({ ...emptySplicePart('other'), diameterMin: 39 }, 40).band).toBe('green');
    expect(checkPart({ ...emptySplicePart('other') }, 40)).toEqual({});
    expect(checkPart(knot, undefined)).toEqual({});
  });

  it('finds the worst band of a splice', () => {
    expect(worstBand([{ band: 'green' }, { band: 'yellow' }])).toBe('yellow');
    expect(worstBand([{ band: 'red' }, { band: 'yellow' }])).toBe('red');
    expect(worstBand([{}, { band: 'green' }])).toBe('green');
    expect(worstBand([{}])).toBeUndefined();
  });

  it('gives each splice its length in d and flags short and close splices', () => {
    const checks = checkSplices(
      [
        { ...emptySplice(), positionStart: 100, positionEnd: 160 },
        { ...emptySplice(), positionStart: 200, positionEnd: 220 },
        { ...emptySplice(), positionStart: 500 },
      ],
      40,
    );
    expect(checks[0]).toEqual({ ratio: 1500, short: false, close: false });
    expect(checks[1]).toEqual({ ratio: 500, short: true, close: true });
    expect(checks[2]).toEqual({ short: false, close: false });
  });
});
