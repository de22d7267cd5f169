import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordSchema } from '../auth/passwords.ts';
import { normalisePhone, userCreateSchema, userEditorIssues, userUpdateSchema } from './forms.ts';

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

  it('normalise phone numbers to a plus and digits', () => {
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
});
