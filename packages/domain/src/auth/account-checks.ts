// The sign-in screen's forms checked without zod, since that screen draws before any schema (and zod) has loaded.
// Each check answers what its schema (account-forms.ts, session.ts) answers: the same output, and for each field the
// message of the schema's first issue there (account-checks.test.ts holds them equal).
import { type Message, message } from '../message.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../users/fields.ts';

export const USERNAME_MAX_LENGTH = 255;
/** A sign-in sends any password up to this; the password rules apply where one is set. */
export const LOGIN_PASSWORD_MAX_LENGTH = 200;
/** A typed sign-in code with its blanks. */
export const SIGN_IN_CODE_MAX_LENGTH = 16;

/** zod's email pattern (`z.email()`), so that both say the same of an address. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A form's values checked: the request to send, or a message by field. */
export type Checked<Output> = { ok: true; data: Output } | { ok: false; messages: Record<string, Message> };

/**
 * The strength rule: at least one letter and at least one digit or symbol. Length and blanks are checked
 * separately so each failure gets its own text.
 */
export function isStrongPassword(password: string): boolean {
  return /\p{L}/u.test(password) && /[^\p{L}]/u.test(password.replace(/\s/g, ''));
}

/** The message of the first password rule the value breaks, in the order the schema checks them. */
export function passwordMessage(password: string): Message | undefined {
  if (password === '') return message('validation.required');
  if (password !== password.trim()) return message('validation.passwordBlankEdges');
  if (password.length < PASSWORD_MIN_LENGTH)
    return message('validation.passwordMinLength', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH)
    return message('validation.passwordMaxLength', { max: PASSWORD_MAX_LENGTH });
  return isStrongPassword(password) ? undefined : message('validation.passwordWeak');
}

/** A one-line text that is needed: blank is "required", too long "at most". */
function textMessage(text: string, max: number): Message | undefined {
  if (text === '') return message('validation.required');
  return text.length > max ? message('validation.textTooLong', { max }) : undefined;
}

function checked<Output>(data: Output, messages: Record<string, Message | undefined>): Checked<Output> {
  const found = Object.entries(messages).filter((entry): entry is [string, Message] => entry[1] !== undefined);
  return found.length === 0 ? { ok: true, data } : { ok: false, messages: Object.fromEntries(found) };
}

/** The sign-in form, as `loginBodySchema` reads it. */
export function checkLoginForm(values: { username: string; password: string }): Checked<{
  username: string;
  password: string;
}> {
  const username = values.username.trim();
  return checked(
    { username, password: values.password },
    {
      username: textMessage(username, USERNAME_MAX_LENGTH),
      password:
        values.password.length > LOGIN_PASSWORD_MAX_LENGTH
          ? message('validation.textTooLong', { max: LOGIN_PASSWORD_MAX_LENGTH })
          : undefined,
    },
  );
}

/** The forgot-password and first-login forms, as `resetRequestFormSchema` reads them. */
export function checkResetRequestForm(values: { email: string }): Checked<{ email: string }> {
  const email = values.email.trim();
  let problem: Message | undefined;
  if (email === '') problem = message('validation.required');
  else if (email.length > EMAIL_MAX_LENGTH) problem = message('validation.emailTooLong', { max: EMAIL_MAX_LENGTH });
  else if (!EMAIL_PATTERN.test(email)) problem = message('validation.emailInvalid');
  return checked({ email }, { email: problem });
}

/** The reset page, as `resetPasswordFormSchema` reads it: an empty field is no password yet. */
export function checkResetPasswordForm(values: { password: string }): Checked<{ password: string }> {
  return checked(values, { password: values.password === '' ? undefined : passwordMessage(values.password) });
}

/** The second sign-in step, as `signInCodeFormSchema` reads it. */
export function checkSignInCodeForm(values: { code: string }): Checked<{ code: string }> {
  const code = values.code.trim();
  return checked({ code }, { code: textMessage(code, SIGN_IN_CODE_MAX_LENGTH) });
}
