import { describe, expect, it } from 'vitest';
import { resolveRange } from './byte-range.ts';

describe('byte ranges', () => {
  it.each([
    ['bytes=0-99', { kind: 'slice', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'slice', start: 100, end: 999 }],
    ['bytes=-500', { kind: 'slice', start: 500, end: 999 }],
    ['bytes=-5000', { kind: 'slice', start: 0, end: 999 }],
    ['bytes=900-5000', { kind: 'slice', start: 900, end: 999 }],
    ['bytes=999-999', { kind: 'slice', start: 999, end: 999 }],
    ['Bytes = 1 - 2', { kind: 'slice', start: 1, end: 2 }],
    [`bytes=0-${'9'.repeat(30)}`, { kind: 'slice', start: 0, end: 999 }],
    [`bytes=-${'9'.repeat(30)}`, { kind: 'slice', start: 0, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-2000', { kind: 'unsatisfiable' }],
    [`bytes=${'9'.repeat(30)}-`, { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
  ])('reads %s of 1000 bytes', (header, answer) => {
    expect(resolveRange(header, 1000)).toEqual(answer);
  });

  it.each([undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'bytes=a-b', 'items=0-1', 'bytes=0-1,5-6'])(
    'answers %j with the whole object',
    (header) => {
      expect(resolveRange(header, 1000)).toEqual({ kind: 'whole' });
    },
  );

  it('has nothing to slice in an empty object', () => {
    expect(resolveRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange('bytes=-10', 0)).toEqual({ kind: 'whole' });
  });
});
