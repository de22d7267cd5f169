import type { SelfTwoFactorUpdate } from '@rope/domain/auth/rules';
import type { TwoFactorMethod } from '@rope/domain/users/fields';
import { dataOf, typedApi } from '../../../lib/typed-api';

export const selfTwoFactorKey = ['users', 'self', '2fa'] as const;

export async function fetchTwoFactorMethod(): Promise<TwoFactorMethod | null> {
  const answer = await dataOf(typedApi.GET('/api/users/self/2fa'));
  return answer.twoFactorMethod;
}

/** A new authenticator secret; it becomes the user's only once saved with a matching code. */
export async function createTwoFactorSecret() {
  return dataOf(typedApi.POST('/api/users/self/2fa/secret'));
}

/** Mails a code of the email factor to the signed-in person: the proof for changing it without a password. */
export async function sendProofCode() {
  return dataOf(typedApi.POST('/api/users/self/2fa/code'));
}

export function twoFactorQrUrl(secret: string): string {
  return `/api/users/self/2fa/qr?secret=${encodeURIComponent(secret)}`;
}

/** The dialog's inputs: the new authenticator's code, and the proof for changing a factor that is set. */
export interface TwoFactorFormValues {
  code: string;
  proof: string;
}

/**
 * The proof as the API takes it: six digits are a code of the current factor (the authenticator's, or one mailed on
 * request), anything else the password; passwords are never that short.
 */
export function proofOf(
  saved: TwoFactorMethod | null,
  proof: string,
): Pick<SelfTwoFactorUpdate, 'currentPassword' | 'currentCode'> {
  const code = proof.replace(/\s/g, '');
  return saved !== null && /^\d{6}$/.test(code) ? { currentCode: code } : { currentPassword: proof };
}

export async function saveTwoFactorMethod(change: SelfTwoFactorUpdate): Promise<void> {
  await typedApi.PATCH('/api/users/self/2fa', { body: change });
}
