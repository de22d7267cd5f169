import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_EDGE, scaledSize } from './scale-photo';

describe('the size a photo is kept at on the device', () => {
  it('brings the longer edge of a landscape or portrait photo down to the limit, keeping its proportions', () => {
    expect(scaledSize({ width: 4032, height: 3024 })).toEqual({ width: MAX_PHOTO_EDGE, height: 1536 });
    expect(scaledSize({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: MAX_PHOTO_EDGE });
    expect(scaledSize({ width: 4000, height: 4000 })).toEqual({ width: 2048, height: 2048 });
  });

  it('keeps a photo within the limit as it is', () => {
    expect(scaledSize({ width: 2048, height: 1536 })).toBeNull();
    expect(scaledSize({ width: 1200, height: 900 })).toBeNull();
  });

  it('never makes a side of a very long panorama vanish', () => {
    expect(scaledSize({ width: 40_000, height: 10 })).toEqual({ width: 2048, height: 1 });
    expect(scaledSize({ width: 3000, height: 1000 }, 1000)).toEqual({ width: 1000, height: 333 });
  });
});
