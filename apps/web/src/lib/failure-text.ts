import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { messageText } from './messages';

/** An answer's text in the user's language by its key; the server's words where it sent no key. */
export function answerText(t: TFunction, answer: { message: string; key?: string }): string {
  return answer.key ? messageText(t, { key: answer.key }, answer.message) : answer.message;
}

/**
 * The text for a failed call: a 4xx answer carries the server's message (shown by its key in the user's language);
 * a network failure or a server error shows the given fallback.
 */
export function failureText(t: TFunction, error: unknown, fallback: string): string {
  if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) return fallback;
  return error.key ? messageText(t, error.key, error.message) : error.message;
}
