import { isApiRole } from '@rope/domain/access/actor';
import { ROLES, type Role } from '@rope/domain/access/roles';
import { mayUseLoginMethod } from '@rope/domain/auth/rules';
import type { LanguageId } from '@rope/domain/languages';
import { LOGIN_METHODS, type LoginMethod } from '@rope/domain/users/fields';
import {
  isSamePhone,
  type UserCreate,
  type UserFormEditor,
  type UserUpdate,
  userCreateSchema,
  userEditorIssues,
  userUpdateSchema,
} from '@rope/domain/users/forms';
import { keepsMandators, seesNothingWithoutMandator } from '@rope/domain/users/policy';
import type { UserDetail } from '@rope/domain/users/views';
import type { DomainFormSpec } from '../../lib/domain-form';

/** What the dialog's inputs hold: selects as strings, '' for "none". */
export interface UserFormValues {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  function: string;
  role: string;
  mandators: string[];
  loginMethod: LoginMethod;
  samlProvider: string;
  twoFactorMethod: string;
  languageId: LanguageId;
  notificationEnabled: boolean;
  isActive: boolean;
  password: string;
}

/** USER_EDIT_ANY (canEditAny): the role is required and may change; mandators are optional. */
export type UserFormContext = UserFormEditor & {
  /** The edited user's phone as read: sent back unchanged it is left out, so one saved before numbers were checked stays. */
  storedPhone?: string | null;
};

export interface NewUserDefaults {
  languageId: LanguageId;
  role: string;
  mandators: string[];
}

export function initialUserValues(user: UserDetail | undefined, defaults: NewUserDefaults): UserFormValues {
  return {
    email: user?.email ?? '',
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    phone: user?.phone ?? '',
    function: user?.function ?? '',
    role: user?.role ?? defaults.role,
    mandators: user ? user.mandators.map(String) : defaults.mandators,
    loginMethod: user?.loginMethod ?? 'password',
    samlProvider: user?.samlProvider ?? '',
    twoFactorMethod: user?.twoFactorMethod ?? '',
    languageId: user?.languageId ?? defaults.languageId,
    notificationEnabled: user?.notificationEnabled ?? true,
    isActive: user?.isActive ?? false,
    password: '',
  };
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Mandators matter only for roles bound to them; other roles drop them on save. */
export function showsMandators(role: string): boolean {
  return isRole(role) && keepsMandators([role]);
}

/** A client, client admin or API account without a mandator would see nothing: the dialog asks before saving. */
export function lacksMandator(values: Pick<UserFormValues, 'role' | 'mandators'>): boolean {
  return isRole(values.role) && seesNothingWithoutMandator([values.role], values.mandators);
}

/** API accounts authenticate with a key: no sign-in method, password or second factor to choose. */
export function signsIn(role: string): boolean {
  return !(isRole(role) && isApiRole(role));
}

/** Password and authenticator users sign in with a password; SSO, no-password and email users do not. */
export function showsPassword(loginMethod: LoginMethod): boolean {
  return loginMethod === 'password' || loginMethod === 'authenticator';
}

/** The login methods the chosen role and address allow; all of them while no role is chosen. */
export function allowedLoginMethods(role: string, email: string): LoginMethod[] {
  if (!isRole(role)) return [...LOGIN_METHODS];
  return LOGIN_METHODS.filter((method) => mayUseLoginMethod({ roles: [role], email: email.trim() }, method));
}

/** The request body before the schema trims and normalises it. */
export function toUserInput(form: UserFormValues, context: UserFormContext): Record<string, unknown> {
  const values = signsIn(form.role) ? form : { ...form, loginMethod: 'no-password' as const, twoFactorMethod: '' };
  const input: Record<string, unknown> = {
    email: values.email,
    firstname: values.firstname,
    lastname: values.lastname,
    function: values.function || null,
    mandators: showsMandators(values.role) ? values.mandators.map(Number) : [],
    loginMethod: values.loginMethod,
    samlProvider: values.loginMethod === 'saml' ? values.samlProvider || null : null,
    twoFactorMethod: values.twoFactorMethod || null,
    languageId: values.languageId,
    notificationEnabled: values.notificationEnabled,
    isActive: values.isActive,
  };
  if (context.isNew || !isSamePhone(values.phone, context.storedPhone)) input.phone = values.phone;
  // A role changes only with edit-any; a client admin picks one when creating.
  if (context.isNew || context.canEditAny) input.role = values.role;
  if (showsPassword(values.loginMethod) && values.password !== '') input.password = values.password;
  return input;
}

/** The user dialog on the domain's user schemas and the rules that depend on who edits. */
export function userFormSpec(context: UserFormContext): DomainFormSpec<UserFormValues, UserCreate | UserUpdate> {
  return {
    schema: context.isNew ? userCreateSchema : userUpdateSchema,
    toInput: (values) => toUserInput(values, context),
    entity: 'user',
    rules: (values) => userEditorIssues(context, values),
  };
}
