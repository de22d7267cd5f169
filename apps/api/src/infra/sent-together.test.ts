import { describe, expect, it } from 'vitest';
import { sentTogether } from './sent-together.ts';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('sentTogether', () => {
  it('answers every part in order', async () => {
    expect(await sentTogether([later(20, 'place'), Promise.resolve(3)])).toEqual(['place', 3]);
  });

  it('fails with the first error only after every part has settled', async () => {
    let slowDone = false;
    const slow = later(40, 'states').then((value) => {
      slowDone = true;
      return value;
    });
    await expect(sentTogether([Promise.reject(new Error('lock timeout')), slow])).rejects.toThrow('lock timeout');
    // A part still running when the transaction rolls back would send its next statement on a connection handed back.
    expect(slowDone).toBe(true);
  });
});
