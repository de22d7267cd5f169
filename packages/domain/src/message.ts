import type { MessageKey, MessageParams } from './message-keys.ts';

// Apart from the catalogue (message-keys.ts): code that names a message by key, such as the sign-in checks on the
// first screens, does not download every message's English text with it.

/** A rule's message: its key and the values its text names. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export function message(key: MessageKey, params?: MessageParams): Message {
  return params ? { key, params } : { key };
}
