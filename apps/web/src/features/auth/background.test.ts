import { describe, expect, it } from 'vitest';
import { LOGIN_BACKGROUND_COUNT, randomBackground } from './background';

describe('randomBackground', () => {
  it('picks one of the six pictures over the whole range of the random source', () => {
    expect(LOGIN_BACKGROUND_COUNT).toBe(6);
    expect(randomBackground(() => 0)).toBe('/login/bg-1.svg');
    expect(randomBackground(() => 0.5)).toBe('/login/bg-4.svg');
    expect(randomBackground(() => 0.999999)).toBe('/login/bg-6.svg');
    expect(randomBackground(() => 1)).toBe('/login/bg-6.svg');
  });
});
