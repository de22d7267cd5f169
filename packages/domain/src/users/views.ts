import { z } from 'zod';
import { ROLES } from '../access/roles.ts';
import { samlProviderSummarySchema } from '../auth/saml.ts';
import { LANGUAGE_IDS } from '../common.ts';
import { JOB_FUNCTIONS, LOGIN_METHODS, TWO_FACTOR_METHODS } from './schemas.ts';

const role = z.enum(ROLES);
const ref = z.object({ id: z.number().int(), name: z.string() });

/** A row of GET /api/users. */
export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role,
  roles: z.array(role),
  mandators: z.array(ref),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListAnswerSchema = z.object({ users: z.array(userListItemSchema), total: z.number().int() });
export type UserList = z.infer<typeof userListAnswerSchema>;

/** GET /api/users/{id}: the record as the user dialog edits it. */
export const userDetailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string().nullable(),
  function: z.enum(JOB_FUNCTIONS).nullable(),
  role,
  roles: z.array(role),
  mandators: z.array(z.number().int()),
  loginMethod: z.enum(LOGIN_METHODS),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  samlProvider: z.string().nullable(),
  languageId: z.enum(LANGUAGE_IDS),
  notificationEnabled: z.boolean(),
  isActive: z.boolean(),
  pictureUri: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userAnswerSchema = z.object({ user: userDetailSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;
export const userCreatedSchema = z.object({ user: z.object({ id: z.number().int(), role }) });
export type UserCreatedAnswer = z.infer<typeof userCreatedSchema>;
export const userPictureAnswerSchema = z.object({ user: z.object({ id: z.number().int(), pictureUri: z.string() }) });
export type UserPictureAnswer = z.infer<typeof userPictureAnswerSchema>;

export const samlProvidersAnswerSchema = z.object({ providers: z.array(samlProviderSummarySchema) });
export type SamlProvidersAnswer = z.infer<typeof samlProvidersAnswerSchema>;

/** A user of a mandator, as GET /api/areas/{id}/users and /api/mandators/{id}/users answer it. */
export const mandatorUserSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string(), role });
export type MandatorUser = z.infer<typeof mandatorUserSchema>;
export const mandatorUsersAnswerSchema = z.object({ users: z.array(mandatorUserSchema) });
