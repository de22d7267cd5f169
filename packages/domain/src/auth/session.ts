import { z } from 'zod';
import { PERMISSIONS } from '../access/permissions.ts';
import { ROLES } from '../access/roles.ts';
import { LANGUAGE_IDS } from '../common.ts';
import { TWO_FACTOR_METHODS } from '../users/schemas.ts';
import { LOGIN_PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './account-checks.ts';

/** The signed-in user as POST /login/json and /login/check answer it; the web decides what to show from it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** The first of roles. */
  mainRole: z.enum(ROLES),
  isAdmin: z.boolean(),
  isFreeUser: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  mandators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  languageId: z.enum(LANGUAGE_IDS),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  pictureUri: z.string().nullable(),
  /** The user sees exactly one area and lands in it; singleAreaId names it. */
  isSingleArea: z.boolean(),
  singleAreaId: z.number().int().nullable(),
  /** A read-only wall-display session: reads only, no report buttons. */
  isLive: z.boolean(),
  hasImpersonate: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(USERNAME_MAX_LENGTH),
  password: z.string().max(LOGIN_PASSWORD_MAX_LENGTH).default(''),
  /** Starts a read-only wall-display session. */
  live: z.boolean().optional(),
});

export const loginAnswerSchema = z.object({
  user: sessionUserSchema.optional(),
  twoFactorComplete: z.boolean(),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable().optional(),
  /** An empty password asked for a sign-in link: the same neutral answer whether or not one was sent. */
  loginLinkSent: z.boolean().optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
