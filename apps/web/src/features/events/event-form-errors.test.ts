import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { eventMessageKey, issuesToErrors, serverFieldErrors } from './event-form-errors';

// Shows the key and its values, so the tests see which text was chosen.
const t = ((key: string, values?: Record<string, unknown>) =>
  values && Object.keys(values).length > 0 ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('event form errors', () => {
  it('knows the domain rules’ texts', () => {
    expect(eventMessageKey('Type wireBreak is not a measurement type')).toBe('typeMismatch');
    expect(eventMessageKey('The event cannot lie in the future')).toBe('futureTimestamp');
    expect(eventMessageKey('Something else')).toBeUndefined();
  });

  it('translates issues by rule or by zod code, first per field', () => {
    expect(
      issuesToErrors(t, [
        { path: 'attributes.timestamp', code: 'custom', message: 'The event cannot lie in the future' },
        { path: 'attributes.timestamp', code: 'invalid_format', message: 'Invalid ISO datetime' },
        { path: 'position', code: 'required', message: 'A value needs to be provided for the field' },
        { path: 'attributes.damageCount', code: 'too_small', message: 'Too small', minimum: 0 },
        { path: 'attributes.splices.0.parts.1.diameterMax', code: 'too_big', message: 'Too big', maximum: 500 },
        { path: 'attributes.bendingCycles', code: 'invalid_type', message: 'Expected number, received NaN' },
      ]),
    ).toEqual({
      'attributes.timestamp': 'events.validation.futureTimestamp',
      position: expect.stringMatching(/^validation\.required/),
      'attributes.damageCount': 'events.validation.min {"min":0}',
      'attributes.splices.0.parts.1.diameterMax': 'events.validation.max {"max":500}',
      'attributes.bendingCycles': 'events.validation.invalidNumber',
    });
  });

  it('puts the server’s field messages on the inputs', () => {
    expect(
      serverFieldErrors(t, {
        'ropeEvent.attributes.lengthChange': 'A shortening is negative, an extension positive',
        'ropeEvent.attributes.reportedBy.name': 'Some server text',
      }),
    ).toEqual({
      'attributes.lengthChange': 'events.validation.lengthChangeSign',
      'attributes.reportedBy': 'Some server text',
    });
  });
});
