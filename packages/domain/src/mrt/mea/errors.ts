import { type Message, message } from '../../message.ts';
import { englishText, type MessageKey } from '../../message-keys.ts';

/** Why bytes are no readable measurement file: a rule's message naming the file. */
export class MeaFormatError extends Error {
  readonly reason: Message;

  constructor(
    key: MessageKey,
    params: Record<string, string | number>,
    /** False when the bytes are no measurement file at all (no magic): the server answers 415, else 422. */
    readonly isMea = true,
  ) {
    const reason = message(key, params);
    super(englishText(reason));
    this.name = 'MeaFormatError';
    this.reason = reason;
  }
}
