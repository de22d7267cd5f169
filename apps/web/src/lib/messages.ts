import type { MessageParams } from '@rope/domain/message-keys';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** A message by key, as the domain's rules and the API's answers carry it. */
export interface KeyedMessage {
  key: string;
  params?: MessageParams;
}

type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * The one way a rule's message reaches the screen: its key's text in the user's language with its parameters. A key
 * this client does not know (a newer server) shows the English text it came with.
 */
export function messageText(t: TFunction, message: KeyedMessage, english?: string): string {
  return (t as unknown as Translate)(message.key, { ...message.params, defaultValue: english ?? message.key });
}

/** The text of a refused call's field: its key's text, or the server's words where it gave no key. */
export function serverFieldText(t: TFunction, error: ApiError, path: string): string {
  const key = error.fieldKeys?.[path];
  const english = error.fields?.[path] ?? '';
  return key ? messageText(t, key, english) : english;
}

/** Whether a refused call names fields at fault. */
export function hasFieldErrors(error: unknown): error is ApiError & { fields: Record<string, string> } {
  return error instanceof ApiError && error.fields !== undefined && Object.keys(error.fields).length > 0;
}
