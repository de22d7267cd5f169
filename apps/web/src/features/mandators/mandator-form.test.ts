import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import { initialMandatorValues, type MandatorFormValues, mandatorFormSpec, toMandatorInput } from './mandator-form';

const keys = (values: MandatorFormValues) => {
  const checked = checkForm(mandatorFormSpec, values);
  return checked.ok ? {} : Object.fromEntries(Object.entries(checked.messages).map(([field, m]) => [field, m.key]));
};

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
    expect(keys({ name: '  ', expires: false, expiryDays: 90 })).toEqual({ name: 'validation.required' });
    for (const expiryDays of ['', 5000, 0, '4.5', '12abc', 4.5]) {
      expect(keys({ name: 'A', expires: true, expiryDays })).toEqual({ expiryDays: 'validation.expiryDaysRange' });
    }
    expect(checkForm(mandatorFormSpec, { name: 'A', expires: false, expiryDays: '' }).ok).toBe(true);
    expect(checkForm(mandatorFormSpec, { name: ' Bergbahnen ', expires: true, expiryDays: 30 })).toEqual({
      ok: true,
      data: { name: 'Bergbahnen', passwordExpiryDays: 30 },
    });
  });
});
