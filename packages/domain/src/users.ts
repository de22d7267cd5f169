import { z } from 'zod';
import { LANGUAGE_IDS, shortText } from './common.ts';
import { ROLES } from './roles.ts';

export const JOB_FUNCTIONS = [
  'director',
  'operationsManager',
  'ropewayTechnicalManager',
  'ropewayMechanic',
  'ropewayMechatronic',
  'ropewayOperator',
  'others',
] as const;

/** Password login is the default; these are the alternatives a user record may carry. */
export const LOGIN_METHODS = ['password', 'no-password', 'email', 'saml', 'authenticator'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export const TWO_FACTOR_METHODS = ['authenticator', 'email'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/**
 * How a person is named wherever people are listed: "First Last", or the email they sign in with when they have no
 * name. A row of an outer join may lack all three: it is then named by nothing.
 */
export function displayName(person: {
  firstname: string | null;
  lastname: string | null;
  email: string | null;
}): string {
  return [person.firstname?.trim(), person.lastname?.trim()].filter(Boolean).join(' ') || person.email || '';
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 45;

/** What the server stores per user beyond its columns. */
export const userSettingsSchema = z.object({
  unsubscribedAt: z.string().max(40).optional(),
});

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string().max(EMAIL_MAX_LENGTH),
  firstname: shortText,
  lastname: shortText,
  phone: shortText.optional(),
  function: z.enum(JOB_FUNCTIONS).optional(),
  roles: z.array(z.enum(ROLES)).min(1),
  languageId: z.enum(LANGUAGE_IDS),
  notificationEnabled: z.boolean(),
  isActive: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
