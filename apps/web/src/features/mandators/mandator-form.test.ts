import { VALIDATION_MESSAGES as M } from '@rope/domain/validation-messages';
import { describe, expect, it } from 'vitest';
import { initialMandatorValues, parseMandatorForm, toMandatorInput } from './mandator-form';

describe('mandator form', () => {
  it('starts with password expiry off', () => {
    expect(initialMandatorValues(undefined)).toEqual({ name: '', expires: false, expiryDays: 90 });
    expect(initialMandatorValues({ id: 1, name: 'Alpin AG', passwordExpiryDays: 30, canBeDeleted: true })).toEqual({
      name: 'Alpin AG',
      expires: true,
      expiryDays: 30,
    });
  });

  it('sends 0 days when expiry is off', () => {
    expect(toMandatorInput({ name: 'A', expires: false, expiryDays: 45 })).toEqual({
      name: 'A',
      passwordExpiryDays: 0,
    });
    expect(toMandatorInput({ name: 'A', expires: true, expiryDays: '45' })).toEqual({
      name: 'A',
      passwordExpiryDays: 45,
    });
  });

  it('requires a name and whole days within the limit', () => {
    expect(parseMandatorForm({ name: '  ', expires: false, expiryDays: 90 }).errors).toEqual({ name: M.required });
    expect(parseMandatorForm({ name: 'A', expires: true, expiryDays: '' }).errors).toEqual({ expiryDays: 'range' });
    expect(parseMandatorForm({ name: 'A', expires: true, expiryDays: 5000 }).errors).toEqual({ expiryDays: 'range' });
    expect(parseMandatorForm({ name: 'A', expires: true, expiryDays: 0 }).errors).toEqual({ expiryDays: 'range' });
    expect(parseMandatorForm({ name: 'A', expires: true, expiryDays: '4.5' }).errors).toEqual({ expiryDays: 'range' });
    expect(parseMandatorForm({ name: 'A', expires: true, expiryDays: '12abc' }).errors).toEqual({
      expiryDays: 'range',
    });
    expect(parseMandatorForm({ name: 'A', expires: false, expiryDays: '' }).ok).toBe(true);
    const ok = parseMandatorForm({ name: ' Bergbahnen ', expires: true, expiryDays: 30 });
    expect(ok.ok && ok.mandator).toEqual({ name: 'Bergbahnen', passwordExpiryDays: 30 });
  });
});
