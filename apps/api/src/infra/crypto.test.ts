import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken, sha256 } from './crypto.ts';

describe('sha256', () => {
  it('writes the standard hex digest, so the hashes stored before (sessions, API keys, tokens) still match', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const value of [randomToken(), 'Zürich Bergstation', '']) {
      expect(sha256(value)).toBe(createHash('sha256').update(value).digest('hex'));
    }
  });
});
