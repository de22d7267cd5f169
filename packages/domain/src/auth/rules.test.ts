import { describe, expect, it } from 'vitest';
import { twoFactorChangeNeedsProof } from './rules.ts';

describe('two-factor changes', () => {
  it('need proof to remove or replace a factor that is set, not to choose the first one', () => {
    expect(twoFactorChangeNeedsProof(null, { twoFactorMethod: 'authenticator' })).toBe(false);
    expect(twoFactorChangeNeedsProof('email', { twoFactorMethod: 'email' })).toBe(false);
    expect(twoFactorChangeNeedsProof('email', { twoFactorMethod: null })).toBe(true);
    expect(twoFactorChangeNeedsProof('authenticator', { twoFactorMethod: 'email' })).toBe(true);
    expect(twoFactorChangeNeedsProof('authenticator', { twoFactorMethod: 'authenticator' })).toBe(false);
    expect(
      twoFactorChangeNeedsProof('authenticator', { twoFactorMethod: 'authenticator', twoFactorSecret: 'AB' }),
    ).toBe(true);
  });
});
