import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { answerText, failureText } from './failure-text';

// Echoes the key and values, so the tests see which translation was asked for.
const t = ((key: string, values?: Record<string, unknown>) =>
  values?.min === undefined ? key : `${key}:${values.min}`) as unknown as TFunction;

describe('answerText', () => {
  it('shows an answer by its key, and the server words of an answer without one', () => {
    expect(answerText(t, { message: 'A code has been sent', key: 'auth.messages.proofCodeSent' })).toBe(
      'auth.messages.proofCodeSent',
    );
    expect(answerText(t, { message: 'Account locked by the operator' })).toBe('Account locked by the operator');
  });
});

describe('failureText', () => {
  it('shows the message of a 4xx answer and the fallback for anything else', () => {
    const keyed = { key: { key: 'auth.messages.invalidCredentials' } };
    expect(
      failureText(t, new ApiError(401, 'UNAUTHENTICATED', 'Invalid username or password', {}, {}, keyed), 'later'),
    ).toBe('auth.messages.invalidCredentials');
    // Without a key the English text is shown as it came: no lookup of English text.
    expect(failureText(t, new ApiError(401, 'UNAUTHENTICATED', 'Invalid username or password'), 'later')).toBe(
      'Invalid username or password',
    );
    expect(failureText(t, new ApiError(429, 'TOO_MANY_REQUESTS', 'Slow down'), 'later')).toBe('Slow down');
    expect(failureText(t, new ApiError(500, 'INTERNAL', 'boom'), 'later')).toBe('later');
    expect(failureText(t, new ApiError(0, 'NETWORK', 'fetch failed'), 'later')).toBe('later');
    expect(failureText(t, new Error('parse'), 'later')).toBe('later');
  });

  it('shows a keyed answer by its key and parameters', () => {
    const refused = new ApiError(
      400,
      'VALIDATION',
      'password: Password must be at least 8 characters',
      {},
      {},
      {
        key: { key: 'validation.passwordMinLength', params: { min: 8 } },
      },
    );
    expect(failureText(t, refused, 'later')).toBe('validation.passwordMinLength:8');
  });
});
