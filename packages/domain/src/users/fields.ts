// The user fields' choices and limits and the users list's, without zod: the sign-in screen, the shell and the users
// screen use them before any schema.

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
export const USER_TEXT_MAX = 45;

export const USERS_PAGE_SIZE = 25;
/** The users screen's search text is cut at this length, in the address bar and by the API alike. */
export const USER_SEARCH_MAX_LENGTH = 100;
