import { z } from 'zod';
import { keyed } from '../messages.ts';
import { emailSchema } from '../users/forms.ts';
import { SIGN_IN_CODE_MAX_LENGTH } from './account-checks.ts';
import { passwordSchema } from './passwords.ts';

/** The forgot-password and first-login forms: the address to mail the link to. */
export const resetRequestFormSchema = z.object({ email: emailSchema });

/** The reset page: a new password that passes the rules, or nothing yet (an empty field sends nothing). */
export const resetPasswordFormSchema = z.object({ password: z.union([z.literal(''), passwordSchema]) });

/** The second sign-in step: the code of the authenticator app or of the mail, as typed (blanks are dropped). */
export const signInCodeFormSchema = z.object({
  code: z.string().trim().min(1, keyed('validation.required')).max(SIGN_IN_CODE_MAX_LENGTH),
});
