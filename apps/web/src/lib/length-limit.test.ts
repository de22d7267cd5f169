import { describe, expect, it } from 'vitest';
import { lengthLimitState } from './length-limit';

describe('length limit', () => {
  it('keeps quiet well under the limit, counts near it and flags what is over it without cutting', () => {
    expect(lengthLimitState('', 45)).toEqual({ length: 0, showCount: false, over: false });
    expect(lengthLimitState('a'.repeat(35), 45)).toEqual({ length: 35, showCount: false, over: false });
    expect(lengthLimitState('a'.repeat(36), 45)).toEqual({ length: 36, showCount: true, over: false });
    expect(lengthLimitState('a'.repeat(45), 45)).toEqual({ length: 45, showCount: true, over: false });
    expect(lengthLimitState(`${'a'.repeat(40)}@example.com`, 45)).toEqual({ length: 52, showCount: true, over: true });
  });

  it('reads numbers and missing values', () => {
    expect(lengthLimitState(12345, 4)).toMatchObject({ length: 5, over: true });
    expect(lengthLimitState(undefined, 4)).toMatchObject({ length: 0, over: false });
  });
});
