import { isAlphanumericToken, isUnsubscribeToken, linkCheckAnswerSchema } from '@rope/domain/auth/rules';
import { apiFetch } from '../../lib/api-client';

// Apart from api.ts: the link checks parse with the domain's schemas (zod), which only the link pages load.

const quiet = { redirectOn401: false } as const;

/** Whether a reset or activation link still works; a token of the wrong shape is invalid without asking. */
export async function checkResetLink(token: string): Promise<boolean> {
  if (!isAlphanumericToken(token)) return false;
  const answer = await apiFetch<unknown>(`/reset-password/reset/${encodeURIComponent(token)}`, quiet);
  return linkCheckAnswerSchema.parse(answer).valid;
}

/** Whether an unsubscribe link is one of ours; without its token (or with a cut one) it is invalid at once. */
export async function checkUnsubscribeLink(email: string, token: string): Promise<boolean> {
  if (!email.trim() || !isUnsubscribeToken(token)) return false;
  const answer = await apiFetch<unknown>('/notification/unsubscribe/check', {
    ...quiet,
    method: 'POST',
    body: { email, token },
  });
  return linkCheckAnswerSchema.parse(answer).valid;
}
