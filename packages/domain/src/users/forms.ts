import { z } from 'zod';
import { isApiRole } from '../access/actor.ts';
import { ROLES, type Role } from '../access/roles.ts';
import { passwordSchema } from '../auth/passwords.ts';
import { mayUseLoginMethod } from '../auth/rules.ts';
import { alongFieldIssues, idSchema, LANGUAGE_IDS, NAME_MAX_LENGTH } from '../common.ts';
import { passwordExpiryDaysSchema } from '../mandators/schemas.ts';
import { keyed, type Message, message, ruleIssue } from '../messages.ts';
import { USER_TEXT_MAX } from './fields.ts';
import { toE164 } from './phone.ts';
import { keepsMandators } from './policy.ts';
import { EMAIL_MAX_LENGTH, JOB_FUNCTIONS, LOGIN_METHODS, TWO_FACTOR_METHODS } from './schemas.ts';

export { USER_SEARCH_MAX_LENGTH, USER_TEXT_MAX, USERS_PAGE_SIZE } from './fields.ts';

const text45 = z
  .string()
  .trim()
  .max(USER_TEXT_MAX, keyed('validation.textTooLong', { max: USER_TEXT_MAX }));

export const emailSchema = z
  .string(keyed('validation.required'))
  .trim()
  .min(1, keyed('validation.required'))
  .max(EMAIL_MAX_LENGTH, keyed('validation.emailTooLong', { max: EMAIL_MAX_LENGTH }))
  .pipe(z.email(keyed('validation.emailInvalid')));

/**
 * A saved number in E.164, as SMS providers take it: "+41 (0)79 123-45-67" and "0041 79 123 45 67" become
 * "+41791234567"; an empty one stays empty. A number that is none (see toE164) is kept as its plus and digits, for
 * the schema below refuses it before.
 */
export function normalisePhone(phone: string): string {
  if (phone.trim() === '') return '';
  return toE164(phone) ?? `+${phone.replace(/\(0\)/g, '').replace(/\D/g, '').replace(/^00/, '')}`;
}

/** The characters a phone number may hold, stated as a pattern so the OpenAPI document says it too. */
export const PHONE_PATTERN = /^[\d\s+\-/().]*$/;

const PHONE_DESCRIPTION = 'with its country code: +41 … or 0041 …; saved and answered in E.164 (+41791234567)';

const phoneCharacters = text45.regex(PHONE_PATTERN, { ...keyed('validation.phoneInvalid'), abort: true });

export const phoneSchema = phoneCharacters
  // A number without its country code cannot be normalised to +digits: which country would it be?
  .refine((value) => value === '' || /^\s*(\+|00)/.test(value), {
    ...keyed('validation.phoneCountryCode'),
    abort: true,
  })
  .refine((value) => value === '' || toE164(value) !== undefined, keyed('validation.phoneNotANumber'))
  .meta({ description: PHONE_DESCRIPTION })
  .transform(normalisePhone);

/**
 * Whether a sent phone is the stored one (as read back, or written another way): numbers saved before they were
 * checked come back as they are, and writing one back unchanged must not be refused.
 */
export function isSamePhone(sent: string | null | undefined, stored: string | null | undefined): boolean {
  return normalisePhone(sent ?? '') === normalisePhone(stored ?? '');
}

/** The editable fields of a user record, none with a default: PATCH must not reset what it was not sent. */
const userFields = z.object({
  email: emailSchema,
  firstname: text45,
  lastname: text45,
  /** Null, as reads answer a user without one, means no phone. */
  phone: phoneSchema.nullable(),
  function: z.enum(JOB_FUNCTIONS, keyed('validation.selectRequired')).nullable(),
  role: z.enum(ROLES, keyed('validation.selectRequired')),
  /** Ids, or the `{id, name}` objects the users list answers. */
  mandators: z.array(z.union([idSchema, z.object({ id: idSchema }).transform((mandator) => mandator.id)])).max(500),
  loginMethod: z.enum(LOGIN_METHODS),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  samlProvider: z.string().trim().max(64).nullable(),
  languageId: z.enum(LANGUAGE_IDS),
  notificationEnabled: z.boolean(),
  isActive: z.boolean(),
});

function samlNeedsProvider(user: { loginMethod?: string; samlProvider?: string | null }, ctx: z.RefinementCtx) {
  if (user.loginMethod === 'saml' && !user.samlProvider) {
    ctx.addIssue({ code: 'custom', path: ['samlProvider'], ...ruleIssue('validation.samlProviderRequired') });
  }
}

/** POST /users {user}: a new user needs a password unless they sign in without one (SSO, no-password, email). */
export const userCreateSchema = userFields
  .partial()
  .extend({
    email: emailSchema,
    firstname: text45.default(''),
    lastname: text45.default(''),
    loginMethod: z.enum(LOGIN_METHODS).default('password'),
    languageId: z.enum(LANGUAGE_IDS).default('ENU'),
    notificationEnabled: z.boolean().default(true),
    isActive: z.boolean().default(false),
    password: passwordSchema.optional(),
  })
  .superRefine((user, ctx) => {
    samlNeedsProvider(user, ctx);
    if (user.loginMethod === 'password' && !user.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], ...ruleIssue('validation.required') });
    }
  }, alongFieldIssues);
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PATCH /users/{id} {user}: every field optional; an empty password leaves the password as it is. */
export const userUpdateSchema = userFields
  .partial()
  .extend({ password: z.union([z.literal(''), passwordSchema]).optional() })
  .superRefine(samlNeedsProvider, alongFieldIssues);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/**
 * PATCH /users/{id} {user}: the update as sent. Its phone is taken as reads answer it (a number stored before numbers
 * were checked included); a changed one is checked in full with userUpdateSchema when the patch is applied.
 */
export const userPatchSchema = userFields
  .partial()
  .extend({
    phone: phoneCharacters.meta({ description: PHONE_DESCRIPTION }).nullable().optional(),
    password: z.union([z.literal(''), passwordSchema]).optional(),
  })
  .superRefine(samlNeedsProvider, alongFieldIssues);
export type UserPatch = z.infer<typeof userPatchSchema>;

/** Who edits a user record: edit-any (admins) choose any role, edit-own (client admins) keep users in their mandators. */
export interface UserFormEditor {
  isNew: boolean;
  canEditAny: boolean;
}

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * The user form's rules that depend on who edits it: a role from whoever may choose one, mandators from edit-own
 * editors for the roles bound to mandators, and a sign-in method the role and address allow (API accounts sign in
 * with a key, so any method stands for them).
 */
export function userEditorIssues(
  editor: UserFormEditor,
  user: { role?: unknown; mandators?: readonly unknown[]; email?: unknown; loginMethod?: unknown },
): Partial<Record<'role' | 'mandators' | 'loginMethod', Message>> {
  const issues: Partial<Record<'role' | 'mandators' | 'loginMethod', Message>> = {};
  const role = isRole(user.role) ? user.role : undefined;
  if ((editor.isNew || editor.canEditAny) && !role) issues.role = message('validation.selectRequired');
  if (!editor.canEditAny && role && keepsMandators([role]) && (user.mandators?.length ?? 0) === 0) {
    issues.mandators = message('validation.selectRequired');
  }
  const method = LOGIN_METHODS.find((candidate) => candidate === user.loginMethod);
  const email = typeof user.email === 'string' ? user.email.trim() : '';
  if (role && method && !isApiRole(role) && !mayUseLoginMethod({ roles: [role], email }, method)) {
    issues.loginMethod = message('validation.loginMethodNotAllowed');
  }
  return issues;
}

export const mandatorBodySchema = z.object({
  name: z
    .string(keyed('validation.required'))
    .trim()
    .min(1, keyed('validation.required'))
    .max(NAME_MAX_LENGTH, keyed('validation.textTooLong', { max: NAME_MAX_LENGTH })),
  /** Null, as reads answer it, or 0: passwords never expire. */
  passwordExpiryDays: passwordExpiryDaysSchema.nullable().optional(),
});
export type MandatorBody = z.infer<typeof mandatorBodySchema>;
