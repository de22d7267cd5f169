import { describe, expect, it } from 'vitest';
import { attemptError, readAttemptError } from './attempt-errors.ts';

describe('the failure of a delivery attempt', () => {
  it('reads back each form the API writes', () => {
    expect(readAttemptError(attemptError.answered(503))).toEqual({ kind: 'answered', status: 503 });
    expect(readAttemptError(attemptError.redirect(302))).toEqual({ kind: 'redirect', status: 302 });
    expect(readAttemptError(attemptError.timedOut(10_000))).toEqual({ kind: 'timedOut', seconds: 10 });
    expect(readAttemptError(attemptError.refused('10.0.0.1 is a private address'))).toEqual({
      kind: 'refused',
      detail: '10.0.0.1 is a private address',
    });
    expect(readAttemptError('connect ECONNREFUSED 127.0.0.1:9')).toEqual({
      kind: 'other',
      detail: 'connect ECONNREFUSED 127.0.0.1:9',
    });
  });
});
