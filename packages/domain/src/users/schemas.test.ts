import { describe, expect, it } from 'vitest';
import { displayName } from './schemas.ts';

describe('displayName', () => {
  it('names a person by first and last name, else by the email they sign in with', () => {
    expect(displayName({ firstname: 'Anna', lastname: 'Muster', email: 'a@x.ch' })).toBe('Anna Muster');
    expect(displayName({ firstname: 'Anna', lastname: '', email: 'a@x.ch' })).toBe('Anna');
    expect(displayName({ firstname: ' ', lastname: 'Muster ', email: 'a@x.ch' })).toBe('Muster');
    expect(displayName({ firstname: '', lastname: '', email: 'a@x.ch' })).toBe('a@x.ch');
    // A deleted author in an outer join: no name at all.
    expect(displayName({ firstname: null, lastname: null, email: null })).toBe('');
  });
});
