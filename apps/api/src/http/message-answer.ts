import { message } from '@rope/domain/message';
import { englishText, type MessageKey } from '@rope/domain/message-keys';

/** A plain answer of the account flows (messageAnswerSchema): the English text beside its key. */
export function messageAnswer(key: MessageKey) {
  return { message: englishText(message(key)), key };
}
