import { describe, expect, it } from 'vitest';
import { issuesToErrors, mapErrors, serverFieldErrors } from './form-errors';

describe('form errors', () => {
  it('keep the first message per field path', () => {
    expect(
      issuesToErrors([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: ['mandators', 0], message: 'nested' },
        { path: [], message: 'form' },
      ]),
    ).toEqual({ email: 'first', 'mandators.0': 'nested', '': 'form' });
  });

  it('translate every message', () => {
    expect(mapErrors({ a: 'x', b: 'y' }, (text) => text.toUpperCase())).toEqual({ a: 'X', b: 'Y' });
  });

  it('name server field errors as the form does', () => {
    expect(serverFieldErrors({ 'body.user.email': 'a', 'user.phone': 'b', role: 'c' }, 'user')).toEqual({
      email: 'a',
      phone: 'b',
      role: 'c',
    });
  });
});
