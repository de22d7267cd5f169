import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryTransient } from './query-client';

describe('retryTransient', () => {
  const retry = retryTransient(2);

  it('never asks again after a 4xx: the answer would be the same', () => {
    for (const [status, code] of [
      [401, 'UNAUTHENTICATED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [429, 'TOO_MANY_REQUESTS'],
    ] as const) {
      expect(retry(0, new ApiError(status, code, 'refused')), String(status)).toBe(false);
    }
  });

  it('asks again after a 5xx or network trouble, up to its limit', () => {
    const serverError = new ApiError(503, 'INTERNAL', 'busy');
    expect([0, 1, 2].map((failures) => retry(failures, serverError))).toEqual([true, true, false]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryTransient(1)(1, new TypeError('Failed to fetch'))).toBe(false);
  });
});
