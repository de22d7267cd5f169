import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordSchema } from '../auth/passwords.ts';
import { normalisePhone, userCreateSchema, userEditorIssues, userUpdateSchema } from './forms.ts';
import { toE164 } from './phone.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('user form rules', () => {
  it('refuse passwords with the spec texts', () => {
    expect(messages(passwordSchema.safeParse(' secret12'))).toContain(
      "Your password can't start or end with a blank space",
    );
    expect(messages(passwordSchema.safeParse('abc1'))).toContain('Password must be at least 8 characters');
    expect(messages(passwordSchema.safeParse(`a1${'x'.repeat(49)}`))).toContain(
      'Password must be at most 50 characters',
    );
    expect(passwordSchema.safeParse('ropecockpit-demo').success).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
  });

  it('normalise phone numbers to E.164', () => {
    expect(normalisePhone('+41 (0)79 123-45-67')).toBe('+41791234567');
    expect(normalisePhone('0041 79 123 45 67')).toBe('+41791234567');
    expect(normalisePhone('')).toBe('');
  });

  it('require a password for a new password user, and a provider for SAML', () => {
    expect(messages(userCreateSchema.safeParse({ email: 'a@b.ch' }))).toEqual([
      'A value needs to be provided for the field',
    ]);
    expect(messages(userCreateSchema.safeParse({ email: 'a@b.ch', loginMethod: 'saml' }))).toEqual([
      'A SAML provider needs to be selected for single sign-on',
    ]);
    expect(messages(userCreateSchema.safeParse({ email: '' }))).toContain('A value needs to be provided for the field');
    expect(messages(userCreateSchema.safeParse({ email: `${'a'.repeat(40)}@b.com` }))).toContain(
      'Email must be at most 45 characters',
    );
  });

  it('report a missing SAML provider or password together with the fields at fault', () => {
    expect(
      messages(userCreateSchema.safeParse({ email: 'not-an-address', loginMethod: 'saml', firstname: 'x'.repeat(46) })),
    ).toEqual([
      'Please enter a valid email address',
      'At most 45 characters',
      'A SAML provider needs to be selected for single sign-on',
    ]);
  });

  it('ask for what the editor must give: a role, mandators from client admins, an allowed sign-in method', () => {
    const admin = { isNew: true, canEditAny: true };
    const clientAdmin = { isNew: true, canEditAny: false };
    expect(userEditorIssues(admin, { role: '', mandators: [] })).toEqual({
      role: { key: 'validation.selectRequired' },
    });
    expect(userEditorIssues({ isNew: false, canEditAny: false }, { role: '' })).toEqual({});
    expect(userEditorIssues(clientAdmin, { role: 'ROLE_USER', mandators: [] })).toEqual({
      mandators: { key: 'validation.selectRequired' },
    });
    expect(userEditorIssues(admin, { role: 'ROLE_USER', mandators: [] })).toEqual({});
    expect(userEditorIssues(admin, { role: 'ROLE_ADMIN', email: 'a@b.ch', loginMethod: 'no-password' })).toEqual({
      loginMethod: { key: 'validation.loginMethodNotAllowed' },
    });
    expect(userEditorIssues(admin, { role: 'ROLE_USER', email: 'info@b.ch', loginMethod: 'email' })).toHaveProperty(
      'loginMethod',
    );
    expect(userEditorIssues(admin, { role: 'ROLE_API_IMPORT', email: 'a@b.ch', loginMethod: 'no-password' })).toEqual(
      {},
    );
  });

  it('leave fields that a PATCH does not send untouched', () => {
    expect(userUpdateSchema.parse({ firstname: 'Anna' })).toEqual({ firstname: 'Anna' });
    expect(userUpdateSchema.parse({ password: '' })).toEqual({ password: '' });
  });
});

describe('phone numbers', () => {
  it('need their country code', async () => {
    const { phoneSchema } = await import('./forms.ts');
    expect(phoneSchema.safeParse('079 123 45 67').error?.issues[0]?.message).toBe(
      'Enter the number with its country code, e.g. +41 79 123 45 67',
    );
    expect(phoneSchema.parse('+41 79 123 45 67')).toBe('+41791234567');
  });

  it('are saved in E.164 as SMS providers take them, whatever way they were written', async () => {
    const { phoneSchema } = await import('./forms.ts');
    for (const [written, saved] of [
      ['+41 (0)79 123-45-67', '+41791234567'],
      ['0041 44 668 18 00', '+41446681800'],
      ['+49 (0)30 1234567', '+49301234567'],
      ['+33 6 12 34 56 78', '+33612345678'],
      ['+34 612 34 56 78', '+34612345678'],
      ['+1 (202) 555-0143', '+12025550143'],
      ['', ''],
    ]) {
      expect(phoneSchema.parse(written), written).toBe(saved);
    }
  });

  it('refuse a number that is none: too short, too long, or a country code that does not exist', async () => {
    const { phoneSchema } = await import('./forms.ts');
    for (const written of ['+41 79', '+41 79 123 45 67 89 0', '+999 123 456', '+41 00 000 00 00']) {
      const issues = phoneSchema.safeParse(written).error?.issues ?? [];
      expect(
        issues.map((issue) => issue.message),
        written,
      ).toEqual(['This is not a phone number of that country: check the country code and the digits']);
    }
  });

  it('name one problem at a time: letters are told as letters, not also as no number', async () => {
    const { phoneSchema } = await import('./forms.ts');
    const issues = phoneSchema.safeParse('+41 79 CALL ME').error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      'Phone number may contain only digits, spaces, +, -, / and brackets',
    ]);
  });
});

describe('toE164', () => {
  it('answers the number in E.164, or nothing for a number without country code or none at all', () => {
    expect(toE164(' +41 79 123 45 67 ')).toBe('+41791234567');
    expect(toE164('0041791234567')).toBe('+41791234567');
    expect(toE164('079 123 45 67')).toBeUndefined();
    expect(toE164('+41 79')).toBeUndefined();
    expect(toE164('not a number')).toBeUndefined();
  });
});
