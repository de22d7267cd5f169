import { z } from 'zod';
import { keyed } from './messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './users.ts';

/**
 * The strength rule: at least one letter and at least one digit or symbol. Length and blanks are checked
 * separately so each failure gets its own text.
 */
export function isStrongPassword(password: string): boolean {
  return /\p{L}/u.test(password) && /[^\p{L}]/u.test(password.replace(/\s/g, ''));
}

export const passwordSchema = z
  .string(keyed('validation.required'))
  .min(1, keyed('validation.required'))
  .refine((value) => value === value.trim(), keyed('validation.passwordBlankEdges'))
  .refine(
    (value) => value.length >= PASSWORD_MIN_LENGTH,
    keyed('validation.passwordMinLength', { min: PASSWORD_MIN_LENGTH }),
  )
  .refine(
    (value) => value.length <= PASSWORD_MAX_LENGTH,
    keyed('validation.passwordMaxLength', { max: PASSWORD_MAX_LENGTH }),
  )
  .refine(isStrongPassword, keyed('validation.passwordWeak'));
