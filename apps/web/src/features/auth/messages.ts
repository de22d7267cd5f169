import { AUTH_MESSAGES } from '@rope/domain/auth-messages';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { messageText } from '../../lib/messages';

type AuthMessageKey = keyof typeof AUTH_MESSAGES;

const authKeyByText = new Map<string, AuthMessageKey>(
  Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, key as AuthMessageKey]),
);

/** The sign-in flow's texts the API answers without a key yet, in the user's language; any other text as it is. */
export function translateMessage(t: TFunction, message: string): string {
  const authKey = authKeyByText.get(message);
  return authKey ? t(`auth.messages.${authKey}`) : message;
}

/**
 * The text for a failed call: a 4xx answer carries the server's message (shown by its key in the user's language);
 * a network failure or a server error shows the given fallback.
 */
export function failureText(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) return fallback;
  return error.key ? messageText(t, error.key, error.message) : translateMessage(t, error.message);
}
