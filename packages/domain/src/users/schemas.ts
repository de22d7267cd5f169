import { z } from 'zod';
import { ROLES } from '../access/roles.ts';
import { LANGUAGE_IDS, shortText } from '../common.ts';
import { EMAIL_MAX_LENGTH, JOB_FUNCTIONS } from './fields.ts';

export {
  displayName,
  EMAIL_MAX_LENGTH,
  JOB_FUNCTIONS,
  LOGIN_METHODS,
  type LoginMethod,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TWO_FACTOR_METHODS,
  type TwoFactorMethod,
} from './fields.ts';

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
