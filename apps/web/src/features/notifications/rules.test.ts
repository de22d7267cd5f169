import { notificationStatusColour } from '@rope/domain/notifications/status';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import {
  BLANK_RULE,
  type SettingsForm,
  settingsFormSpec,
  showsBeforeSave,
  statusFor,
  toForm,
  withTrailingRow,
} from './rules';

const problems = (form: SettingsForm) => {
  const checked = checkForm(settingsFormSpec, form);
  return checked.ok ? {} : Object.fromEntries(Object.entries(checked.messages).map(([field, m]) => [field, m.key]));
};

describe('notification rules form', () => {
  it('adds a blank trailing row only when every row is complete', () => {
    expect(withTrailingRow([])).toEqual([BLANK_RULE]);
    expect(withTrailingRow([{ type: 'damage', threshold: '', reset: true }])).toHaveLength(2);
    expect(withTrailingRow([{ type: 'ropeHealth', threshold: '', reset: true }])).toHaveLength(1);
    expect(withTrailingRow([{ ...BLANK_RULE }])).toHaveLength(1);
  });

  it('flags duplicate types and missing or out-of-range thresholds with the domain’s rules, by row', () => {
    const form: SettingsForm = {
      channels: ['email'],
      users: ['4'],
      rules: [
        { type: 'damage', threshold: '', reset: true },
        { ...BLANK_RULE },
        { type: 'damage', threshold: '', reset: true },
        { type: 'ropeHealth', threshold: '', reset: true },
        { type: 'smartropeThreshold', threshold: 1001, reset: true },
        { type: 'ropeHealth', threshold: 50, reset: true },
        { ...BLANK_RULE },
      ],
    };
    expect(problems(form)).toEqual({
      'rules.2.type': 'validation.nonUniqueType',
      'rules.3.threshold': 'validation.required',
      'rules.4.threshold': 'validation.max',
      'rules.5.type': 'validation.nonUniqueType',
    });
    expect(problems({ ...form, rules: [{ type: 'ropeHealth', threshold: 101, reset: false }] })).toEqual({
      'rules.0.threshold': 'validation.between',
    });
    expect(problems({ ...form, rules: [{ type: 'ropeHealth', threshold: 100, reset: false }] })).toEqual({});
  });

  it('asks for a channel and a recipient once there is a rule, as the API does, and only after a save', () => {
    const form = toForm({ channels: [], users: [], rules: [{ type: 'damage', reset: true }] });
    expect(problems(form)).toEqual({ channels: 'validation.channelRequired', users: 'validation.recipientRequired' });
    expect(problems({ ...form, channels: ['email'], users: ['4'] })).toEqual({});
    expect(problems(toForm(null))).toEqual({});
    expect(showsBeforeSave('channels', 'validation.channelRequired')).toBe(false);
    expect(showsBeforeSave('rules.3.threshold', 'validation.required')).toBe(false);
    expect(showsBeforeSave('rules.2.type', 'validation.nonUniqueType')).toBe(true);
  });

  it('drops rows without a type on save and keeps thresholds only where they belong', () => {
    const form = toForm({ channels: ['email'], users: [3], rules: [{ type: 'damage', reset: true }] });
    expect(form.users).toEqual(['3']);
    expect(form.rules).toHaveLength(2);
    form.rules.push(
      { type: 'ropeHealth', threshold: 40, reset: false },
      { type: 'newDocument', threshold: 5, reset: true },
    );
    const checked = checkForm(settingsFormSpec, form);
    expect(checked.ok && checked.data).toEqual({
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
