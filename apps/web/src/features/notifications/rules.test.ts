import { notificationStatusColour } from '@rope/domain/notification-status';
import { VALIDATION_MESSAGES as M } from '@rope/domain/validation-messages';
import { describe, expect, it } from 'vitest';
import { BLANK_RULE, deliveryErrors, hasErrors, ruleErrors, statusFor, toBody, toForm, withTrailingRow } from './rules';

describe('notification rules form', () => {
  it('adds a blank trailing row only when every row is complete', () => {
    expect(withTrailingRow([])).toEqual([BLANK_RULE]);
    expect(withTrailingRow([{ type: 'damage', threshold: '', reset: true }])).toHaveLength(2);
    expect(withTrailingRow([{ type: 'ropeHealth', threshold: '', reset: true }])).toHaveLength(1);
    expect(withTrailingRow([{ ...BLANK_RULE }])).toHaveLength(1);
  });

  it('flags duplicate types and missing or out-of-range thresholds', () => {
    const errors = ruleErrors([
      { type: 'damage', threshold: '', reset: true },
      { type: 'damage', threshold: '', reset: true },
      { type: 'ropeHealth', threshold: '', reset: true },
      { type: 'smartropeThreshold', threshold: 1001, reset: true },
      { type: 'ropeHealth', threshold: 50, reset: true },
      { ...BLANK_RULE },
    ]);
    expect(errors[0]).toEqual({});
    expect(errors[1]).toEqual({ type: 'nonUniqueType' });
    expect(errors[2]).toEqual({ threshold: 'required' });
    expect(errors[3]).toEqual({ threshold: 'range' });
    expect(errors[4]).toEqual({ type: 'nonUniqueType' });
    expect(errors[5]).toEqual({});
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(ruleErrors([{ type: 'ropeHealth', threshold: 100, reset: false }]))).toBe(false);
  });

  it('asks for a channel and a recipient once there is a rule, as the API does', () => {
    const form = toForm({ channels: [], users: [], rules: [{ type: 'damage', reset: true }] });
    expect(deliveryErrors(form)).toEqual({ channels: M.channelRequired, users: M.recipientRequired });
    expect(deliveryErrors({ ...form, channels: ['email'], users: ['4'] })).toEqual({});
    expect(deliveryErrors(toForm(null))).toEqual({});
  });

  it('drops rows without a type on save and keeps thresholds only where they belong', () => {
    const form = toForm({ channels: ['email'], users: [3], rules: [{ type: 'damage', reset: true }] });
    expect(form.users).toEqual(['3']);
    expect(form.rules).toHaveLength(2);
    form.rules.push(
      { type: 'ropeHealth', threshold: 40, reset: false },
      { type: 'newDocument', threshold: 5, reset: true },
    );
    expect(toBody(form)).toEqual({
      channels: ['email'],
      users: [3],
      rules: [
        { type: 'damage', reset: true },
        { type: 'ropeHealth', threshold: 40, reset: false },
        { type: 'newDocument', reset: true },
      ],
    });
  });

  it('builds one status entry per rule, which colours the status button', () => {
    const settings = {
      channels: [],
      users: [],
      rules: [
        { type: 'damage' as const, reset: true },
        { type: 'repair' as const, reset: true },
      ],
    };
    expect(statusFor(settings, [])).toEqual([
      { type: 'damage', isEnabled: true },
      { type: 'repair', isEnabled: true },
    ]);
    const some = statusFor(settings, [], { damage: false });
    expect(notificationStatusColour(settings, some)).toBe('warning');
    expect(notificationStatusColour(settings, statusFor(settings, some, { repair: false }))).toBe('error');
    expect(notificationStatusColour(null, [])).toBe('default');
  });
});
