import { isAlphanumericToken, isUnsubscribeToken, linkCheckAnswerSchema } from '@rope/domain/auth/rules';
import { dataOf, quietTypedApi } from '../../lib/typed-api';

// Apart from api.ts: the link checks parse with the domain's schemas (zod), which only the link pages load.

/** Whether a reset or activation link still works; a token of the wrong shape is invalid without asking. */
export async function checkResetLink(token: string): Promise<boolean> {
  if (!isAlphanumericToken(token)) return false;
  const answer = await dataOf(quietTypedApi.GET('/api/reset-password/reset/{token}', { params: { path: { token } } }));
  return linkCheckAnswerSchema.parse(answer).valid;
}

/** Whether an unsubscribe link is one of ours; without its token (or with a cut one) it is invalid at once. */
export async function checkUnsubscribeLink(email: string, token: string): Promise<boolean> {
  if (!email.trim() || !isUnsubscribeToken(token)) return false;
  const answer = await dataOf(quietTypedApi.POST('/api/notification/unsubscribe/check', { body: { email, token } }));
  return linkCheckAnswerSchema.parse(answer).valid;
}
