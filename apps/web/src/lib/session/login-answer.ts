import { PERMISSIONS } from '@rope/domain/access/permissions';
import { ROLES } from '@rope/domain/access/roles';
import type { LoginAnswer, SessionUser } from '@rope/domain/auth/session';
import { LANGUAGE_IDS } from '@rope/domain/languages';
import { TWO_FACTOR_METHODS } from '@rope/domain/users/fields';

// The session answer is read on every first load, so it is checked here without zod (which would add ~23 KiB to
// the first download). The table is typed by the domain's sessionUserSchema: a field added there fails to compile
// until it is checked here too, and login-answer.test.ts holds both to the same verdicts.

type Check = (value: unknown) => boolean;

const isBoolean: Check = (value) => typeof value === 'boolean';
const isString: Check = (value) => typeof value === 'string';
const isInteger: Check = (value) => Number.isInteger(value);
const oneOf =
  (choices: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && choices.includes(value);
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOf =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isRecord(value) && Object.entries(fields).every(([key, check]) => check(value[key]));

const sessionUserFields: Record<keyof SessionUser, Check> = {
  id: isInteger,
  name: isString,
  email: isString,
  roles: arrayOf(oneOf(ROLES)),
  mainRole: oneOf(ROLES),
  isAdmin: isBoolean,
  isFreeUser: isBoolean,
  permissions: arrayOf(oneOf(PERMISSIONS)),
  mandators: arrayOf(objectOf({ id: isInteger, name: isString })),
  languageId: oneOf(LANGUAGE_IDS),
  twoFactorMethod: nullable(oneOf(TWO_FACTOR_METHODS)),
  pictureUri: nullable(isString),
  isSingleArea: isBoolean,
  singleAreaId: nullable(isInteger),
  isLive: isBoolean,
  hasImpersonate: isBoolean,
};

/** What the sign-in calls answer; `twoFactorComplete` may be missing (`{user}` alone). */
const answerFields: Record<keyof LoginAnswer, Check> = {
  user: optional(objectOf(sessionUserFields)),
  twoFactorComplete: optional(isBoolean),
  twoFactorMethod: optional(nullable(oneOf(TWO_FACTOR_METHODS))),
  loginLinkSent: optional(isBoolean),
};

export type LooseLoginAnswer = Omit<LoginAnswer, 'twoFactorComplete'> & { twoFactorComplete?: boolean };

/** The answer as it came, once every known field has its type; otherwise an error naming the first wrong field. */
export function readLoginAnswer(answer: unknown): LooseLoginAnswer {
  if (!isRecord(answer)) throw new TypeError('The sign-in answer is not an object');
  const wrong = Object.entries(answerFields).find(([key, check]) => !check(answer[key]))?.[0];
  if (wrong) throw new TypeError(`The sign-in answer has an unexpected ${wrongField(wrong, answer)}`);
  return answer as LooseLoginAnswer;
}

function wrongField(key: string, answer: Record<string, unknown>): string {
  const user = answer.user;
  if (key !== 'user' || !isRecord(user)) return key;
  const field = Object.entries(sessionUserFields).find(([name, check]) => !check(user[name]))?.[0];
  return field ? `user.${field}` : key;
}
