import { integerTextSchema, LANGUAGE_IDS } from '@rope/domain/common';
import { ROLES } from '@rope/domain/roles';
import { samlProviderSummarySchema } from '@rope/domain/saml';
import { USER_SEARCH_MAX_LENGTH, userCreateSchema, userUpdateSchema } from '@rope/domain/user-forms';
import { JOB_FUNCTIONS, LOGIN_METHODS, TWO_FACTOR_METHODS } from '@rope/domain/users';
import { z } from 'zod';

export const userListQuerySchema = z.object({
  search: z.string().trim().max(USER_SEARCH_MAX_LENGTH).default(''),
  page: integerTextSchema(1, 100_000).default(1),
  /** "Show free users": honoured for admins only. */
  showFree: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const role = z.enum(ROLES);
export const mandatorRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role,
  roles: z.array(role),
  mandators: z.array(mandatorRefSchema),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListAnswerSchema = z.object({ users: z.array(userListItemSchema), total: z.number().int() });

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

export const userCreateBodySchema = z.object({ user: userCreateSchema });
export const userUpdateBodySchema = z.object({ user: userUpdateSchema });
export const userCreatedSchema = z.object({ user: z.object({ id: z.number().int(), role }) });
export const userAnswerSchema = z.object({ user: userDetailSchema });

export const samlProvidersAnswerSchema = z.object({ providers: z.array(samlProviderSummarySchema) });
