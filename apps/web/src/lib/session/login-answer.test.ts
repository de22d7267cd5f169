import { loginAnswerSchema } from '@rope/domain/auth/session';
import { describe, expect, it } from 'vitest';
import { readLoginAnswer } from './login-answer';

const user = {
  id: 1,
  name: 'Sabine Keller',
  email: 'admin@example.com',
  roles: ['ROLE_ADMIN'],
  mainRole: 'ROLE_ADMIN',
  isAdmin: true,
  isFreeUser: false,
  permissions: ['USER_EDIT_ANY'],
  mandators: [{ id: 2, name: 'Alpine Lifts' }],
  languageId: 'ENU',
  twoFactorMethod: 'email',
  pictureUri: null,
  isSingleArea: false,
  singleAreaId: null,
  isLive: false,
  hasImpersonate: true,
};

const withUser = (changes: Record<string, unknown>) => ({ user: { ...user, ...changes } });
const withoutUserField = (field: keyof typeof user) => {
  const { [field]: _left, ...rest } = user;
  return { user: rest };
};

/** Answers either side of every rule: the zod-free check must agree with the domain's schema on each. */
const answers: unknown[] = [
  { user },
  { user, twoFactorComplete: true, loginLinkSent: false },
  { twoFactorComplete: false, twoFactorMethod: 'authenticator' },
  { twoFactorComplete: false, twoFactorMethod: null },
  { loginLinkSent: true },
  {},
  null,
  'user',
  [user],
  { user: null },
  { user: 'x' },
  { twoFactorComplete: 'yes' },
  { twoFactorMethod: 'sms' },
  { loginLinkSent: 1 },
  withUser({ id: '1' }),
  withUser({ id: 1.5 }),
  withUser({ name: null }),
  withUser({ roles: ['ROLE_KING'] }),
  withUser({ roles: 'ROLE_ADMIN' }),
  withUser({ mainRole: 'ROLE_USER' }),
  withUser({ mainRole: 'admin' }),
  withUser({ isAdmin: 'true' }),
  withUser({ permissions: ['FLY'] }),
  withUser({ mandators: [{ id: 'a', name: 'x' }] }),
  withUser({ mandators: [{ id: 2 }] }),
  withUser({ mandators: {} }),
  withUser({ languageId: 'en-US' }),
  withUser({ twoFactorMethod: undefined }),
  withUser({ twoFactorMethod: 'sms' }),
  withUser({ pictureUri: '/api/users/1/picture' }),
  withUser({ pictureUri: 3 }),
  withUser({ singleAreaId: 4 }),
  withUser({ singleAreaId: '4' }),
  withUser({ isLive: null }),
  withUser({ hasImpersonate: undefined }),
  withUser({ extra: 'kept out of the check' }),
  ...Object.keys(user).map((field) => withoutUserField(field as keyof typeof user)),
];
const looseSchema = loginAnswerSchema.partial({ twoFactorComplete: true });

describe('readLoginAnswer', () => {
  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))(
    'agrees with loginAnswerSchema on %s',
    (_name, answer) => {
      const accepted = looseSchema.safeParse(answer).success;
      if (accepted) expect(readLoginAnswer(answer)).toEqual(answer);
      else expect(() => readLoginAnswer(answer)).toThrow(TypeError);
    },
  );

  it('names the field that is wrong', () => {
    expect(() => readLoginAnswer(withUser({ permissions: ['FLY'] }))).toThrow(/user\.permissions/);
    expect(() => readLoginAnswer({ twoFactorComplete: 'yes' })).toThrow(/twoFactorComplete/);
  });
});
