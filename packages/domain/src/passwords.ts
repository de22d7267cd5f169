import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './users.ts';
import { VALIDATION_MESSAGES as M } from './validation-messages.ts';

/**
 * The strength rule: at least one letter and at least one digit or symbol. Length and blanks are checked
 * separately so each failure gets its own text.
 */
export function isStrongPassword(password: string): boolean {
  return /\p{L}/u.test(password) && /[^\p{L}]/u.test(password.replace(/\s/g, ''));
}

export const passwordSchema = z
  .string({ message: M.required })
  .min(1, M.required)
  .refine((value) => value === value.trim(), M.passwordBlankEdges)
  .refine((value) => value.length >= PASSWORD_MIN_LENGTH, M.passwordMinLength)
  .refine((value) => value.length <= PASSWORD_MAX_LENGTH, M.passwordMaxLength)
  .refine(isStrongPassword, M.passwordWeak);
