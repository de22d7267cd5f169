import { AUTH_MESSAGES } from '@rope/domain/auth-messages';
import { passwordSchema } from '@rope/domain/passwords';
import { VALIDATION_MESSAGES } from '@rope/domain/validation-messages';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { failureText, schemaRule, translateMessage } from './messages';

// Echoes the key and values, so the tests see which translation was asked for.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}:${values.minPasswordLength}` : key) as unknown as TFunction;

describe('translateMessage', () => {
  it('looks up the spec texts the API answers', () => {
    expect(translateMessage(t, AUTH_MESSAGES.incorrectCode)).toBe('auth.messages.incorrectCode');
    expect(translateMessage(t, AUTH_MESSAGES.passwordExpired)).toBe('auth.messages.passwordExpired');
    expect(translateMessage(t, VALIDATION_MESSAGES.passwordMinLength)).toBe('validation.passwordMinLength:8');
  });

  it('shows any other server text as it is', () => {
    expect(translateMessage(t, 'Account locked by the operator')).toBe('Account locked by the operator');
  });
});

describe('schemaRule', () => {
  const rule = schemaRule(passwordSchema, t);

  it('answers null for a valid value and the first translated issue otherwise', () => {
    expect(rule('rope-2024-ok')).toBeNull();
    expect(rule(' leading-blank1')).toBe('validation.passwordBlankEdges:8');
    expect(rule('short1')).toBe('validation.passwordMinLength:8');
  });
});

describe('failureText', () => {
  it('shows the message of a 4xx answer and the fallback for anything else', () => {
    expect(failureText(t, new ApiError(401, 'UNAUTHENTICATED', 'Invalid username or password'), 'later')).toBe(
      'auth.messages.invalidCredentials',
    );
    expect(failureText(t, new ApiError(429, 'TOO_MANY_REQUESTS', 'Slow down'), 'later')).toBe('Slow down');
    expect(failureText(t, new ApiError(500, 'INTERNAL', 'boom'), 'later')).toBe('later');
    expect(failureText(t, new ApiError(0, 'NETWORK', 'fetch failed'), 'later')).toBe('later');
    expect(failureText(t, new Error('parse'), 'later')).toBe('later');
  });
});
