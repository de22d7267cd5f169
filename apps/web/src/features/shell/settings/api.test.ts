import { describe, expect, it } from 'vitest';
import { proofOf } from './api';

describe('the proof for changing two-factor authentication', () => {
  it('sends six digits as a code of the current factor, anything else as the password', () => {
    expect(proofOf('authenticator', '123 456')).toEqual({ currentCode: '123456' });
    expect(proofOf('authenticator', 'correct-horse')).toEqual({ currentPassword: 'correct-horse' });
    expect(proofOf('email', '123456')).toEqual({ currentCode: '123456' });
    expect(proofOf('email', 'correct-horse')).toEqual({ currentPassword: 'correct-horse' });
  });
});
