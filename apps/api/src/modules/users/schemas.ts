import { integerTextSchema } from '@rope/domain/common';
import { USER_SEARCH_MAX_LENGTH, userCreateSchema, userPatchSchema } from '@rope/domain/users/forms';
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

export {
  samlProvidersAnswerSchema,
  type UserDetail,
  type UserListItem,
  userAnswerSchema,
  userCreatedSchema,
  userListAnswerSchema,
} from '@rope/domain/users/views';

export const userCreateBodySchema = z.object({ user: userCreateSchema });
export const userUpdateBodySchema = z.object({ user: userPatchSchema });
