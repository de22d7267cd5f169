import type { TFunction } from 'i18next';
import type { OutboxEntry } from '../../../lib/device-store';
import { messageText } from '../../../lib/messages';

interface QueuedEvent {
  ropeEvent?: { position?: number | null; attributes?: { type?: string } };
}

/** What an entry is, in the user's words: "Drahtbruch an Förderseil". */
export function entryTitle(t: TFunction, entry: OutboxEntry): string {
  const type = (entry.body as QueuedEvent).ropeEvent?.attributes?.type ?? '';
  const typeText = (t as unknown as (key: string, options: object) => string)(`enums.eventTypes.${type}`, {
    defaultValue: type,
  });
  return t('field.outbox.event', { type: typeText, rope: entry.ropeName });
}

/** Why the server refused it, with each field at fault, in the user's language. */
export function entryFailure(t: TFunction, entry: OutboxEntry): string[] {
  const failure = entry.failure;
  if (!failure) return [];
  const lines = failure.key ? [messageText(t, failure.key)] : [`HTTP ${failure.status}`];
  for (const key of Object.values(failure.fieldKeys ?? {})) lines.push(messageText(t, key));
  return lines;
}
