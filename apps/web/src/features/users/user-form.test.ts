import type { UserDetail } from '@rope/domain/users/views';
import { describe, expect, it } from 'vitest';
import { checkForm } from '../../lib/domain-form';
import {
  allowedLoginMethods,
  initialUserValues,
  lacksMandator,
  showsMandators,
  toUserInput,
  type UserFormContext,
  type UserFormValues,
  userFormSpec,
} from './user-form';

const parseUserForm = (values: UserFormValues, context: UserFormContext) => checkForm(userFormSpec(context), values);
const keysOf = (result: ReturnType<typeof parseUserForm>) =>
  result.ok ? {} : Object.fromEntries(Object.entries(result.messages).map(([field, message]) => [field, message.key]));

const defaults = { languageId: 'DES' as const, role: '', mandators: [] };
const admin = { isNew: true, canEditAny: true };
const clientAdmin = { isNew: true, canEditAny: false };

function values(overrides: Partial<ReturnType<typeof initialUserValues>> = {}) {
  return { ...initialUserValues(undefined, defaults), ...overrides };
}

const stored: UserDetail = {
  id: 7,
  email: 'anna@example.com',
  firstname: 'Anna',
  lastname: 'Muster',
  phone: '+41791234567',
  function: 'ropewayMechanic',
  role: 'ROLE_USER',
  roles: ['ROLE_USER'],
  mandators: [3, 4],
  loginMethod: 'saml',
  twoFactorMethod: null,
  samlProvider: 'corp',
  languageId: 'FRS',
  notificationEnabled: false,
  isActive: true,
  pictureUri: null,
};

describe('user form', () => {
  it('starts a new user with password login and the given defaults', () => {
    expect(values()).toMatchObject({ loginMethod: 'password', languageId: 'DES', notificationEnabled: true });
    expect(initialUserValues(stored, defaults)).toMatchObject({ mandators: ['3', '4'], samlProvider: 'corp' });
  });

  it('maps the form to the body: nulls for "none", mandators only for bound roles, no empty password', () => {
    const input = toUserInput(
      values({ email: 'a@b.ch', role: 'ROLE_ADMIN', mandators: ['1'], samlProvider: 'x', password: '' }),
      admin,
    );
    expect(input).toMatchObject({ function: null, twoFactorMethod: null, samlProvider: null, mandators: [] });
    expect(input).not.toHaveProperty('password');
    expect(toUserInput(values({ role: 'ROLE_USER', mandators: ['1', '2'] }), admin).mandators).toEqual([1, 2]);
  });

  it('leaves the role out when a client admin edits an existing user', () => {
    expect(toUserInput(initialUserValues(stored, defaults), { isNew: false, canEditAny: false })).not.toHaveProperty(
      'role',
    );
    expect(toUserInput(initialUserValues(stored, defaults), { isNew: false, canEditAny: true }).role).toBe('ROLE_USER');
  });

  it('leaves an unchanged phone out of an edit, so one saved before numbers were checked does not stop the save', () => {
    const old = { ...stored, phone: '+33 6 555 10 20' };
    const editing = { isNew: false, canEditAny: true, storedPhone: old.phone };
    expect(toUserInput(initialUserValues(old, defaults), editing)).not.toHaveProperty('phone');
    expect(parseUserForm({ ...initialUserValues(old, defaults), firstname: 'Odile' }, editing).ok).toBe(true);
    const changed = parseUserForm({ ...initialUserValues(old, defaults), phone: '+33 6 555 10 21' }, editing);
    expect(changed.ok).toBe(false);
    expect(toUserInput({ ...initialUserValues(old, defaults), phone: '' }, editing).phone).toBe('');
  });

  it('requires email, role and password for a new password user', () => {
    const result = parseUserForm(values(), admin);
    expect(result.ok).toBe(false);
    expect(keysOf(result)).toMatchObject({
      email: 'validation.required',
      role: 'validation.selectRequired',
      password: 'validation.required',
    });
  });

  it('requires mandators from client admins, and a SAML provider for SAML users', () => {
    const result = parseUserForm(values({ email: 'a@b.ch', role: 'ROLE_USER', loginMethod: 'saml' }), clientAdmin);
    expect(keysOf(result)).toEqual({
      mandators: 'validation.selectRequired',
      samlProvider: 'validation.samlProviderRequired',
    });
    const adminResult = parseUserForm(values({ email: 'a@b.ch', role: 'ROLE_USER', password: 'rope-2024!' }), admin);
    expect(adminResult.ok).toBe(true);
  });

  it('checks lengths and passes the normalised body on', () => {
    const long = 'x'.repeat(46);
    const tooLong = parseUserForm(values({ email: 'a@b.ch', role: 'ROLE_ADMIN', firstname: long }), admin);
    expect(tooLong.ok ? {} : tooLong.messages).toMatchObject({
      firstname: { key: 'validation.textTooLong', params: { max: 45 } },
    });
    const result = parseUserForm(
      values({ email: ' a@b.ch ', role: 'ROLE_ADMIN', phone: '0041 79 123 45 67', password: 'rope-2024!' }),
      admin,
    );
    expect(result.ok && result.data).toMatchObject({ email: 'a@b.ch', phone: '+41791234567' });
  });

  it('keeps the password unchanged on edit when left empty', () => {
    const result = parseUserForm(
      { ...initialUserValues(stored, defaults), loginMethod: 'password' },
      {
        isNew: false,
        canEditAny: true,
      },
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.data).not.toHaveProperty('password');
  });

  it('gives API accounts no sign-in method, password or second factor', () => {
    const api = values({ email: 'import@b.ch', role: 'ROLE_API_IMPORT', twoFactorMethod: 'email', password: 'x' });
    expect(toUserInput(api, admin)).toMatchObject({ loginMethod: 'no-password', twoFactorMethod: null });
    expect(toUserInput(api, admin)).not.toHaveProperty('password');
    expect(parseUserForm(api, admin).ok).toBe(true);
  });

  it('knows which roles keep mandators and which login methods a role allows', () => {
    expect(showsMandators('ROLE_USER')).toBe(true);
    expect(showsMandators('ROLE_ADMIN')).toBe(false);
    expect(showsMandators('')).toBe(false);
    expect(allowedLoginMethods('ROLE_ADMIN', 'a@b.ch')).not.toContain('no-password');
    expect(allowedLoginMethods('ROLE_USER', 'info@b.ch')).not.toContain('email');
    expect(allowedLoginMethods('', '')).toHaveLength(5);
  });

  it('asks before saving a client, client admin or API account without a mandator, never others', () => {
    expect(lacksMandator({ role: 'ROLE_USER', mandators: [] })).toBe(true);
    expect(lacksMandator({ role: 'ROLE_CLIENT_ADMIN', mandators: [] })).toBe(true);
    expect(lacksMandator({ role: 'ROLE_API_EXTERNAL', mandators: [] })).toBe(true);
    expect(lacksMandator({ role: 'ROLE_CLIENT_ADMIN', mandators: ['3'] })).toBe(false);
    expect(lacksMandator({ role: 'ROLE_FREE_USER', mandators: [] })).toBe(false);
    expect(lacksMandator({ role: 'ROLE_ADMIN', mandators: [] })).toBe(false);
    expect(lacksMandator({ role: 'ROLE_PROJECT_MANAGER', mandators: [] })).toBe(false);
    expect(lacksMandator({ role: '', mandators: [] })).toBe(false);
  });
});
