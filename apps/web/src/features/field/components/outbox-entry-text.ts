import type { TFunction } from 'i18next';
import type { OutboxEntry } from '../../../lib/device-store';
import { messageText } from '../../../lib/messages';
import { photosBodyOf } from '../photo-entry';
import { type TaskFields, taskBodyOf } from '../task-entry';

interface QueuedEvent {
  ropeEvent?: { position?: number | null; attributes?: { type?: string } };
}

type Translate = (key: string, options: object) => string;

const statusText = (t: TFunction, status: TaskFields['status'] | undefined) =>
  (t as unknown as Translate)(`tasks.status.${status}`, { defaultValue: status ?? '–' });

const eventTypeText = (t: TFunction, type: string) =>
  (t as unknown as Translate)(`enums.eventTypes.${type}`, { defaultValue: type });

/**
 * What an entry is, in the user's words: "Drahtbruch an Förderseil", "Aufgabe «Seil schmieren» an Förderseil",
 * "2 Fotos zu Drahtbruch an Förderseil".
 */
export function entryTitle(t: TFunction, entry: OutboxEntry): string {
  if (entry.kind === 'patchTask') {
    return t('field.outbox.task', { task: taskBodyOf(entry).taskTitle, rope: entry.ropeName });
  }
  if (entry.kind === 'uploadPhotos') {
    const type = eventTypeText(t, photosBodyOf(entry).eventType);
    return t('field.outbox.photos', { count: entry.files?.length ?? 0, type, rope: entry.ropeName });
  }
  const type = (entry.body as QueuedEvent).ropeEvent?.attributes?.type ?? '';
  return t('field.outbox.event', { type: eventTypeText(t, type), rope: entry.ropeName });
}

/**
 * What a task change sets and adds: "New status: In progress", "Note to add: …"; that photos wait for their event's
 * entry (sent, or refused and kept until the user decides); nothing for an event.
 */
export function entryDetails(t: TFunction, entry: OutboxEntry): string[] {
  if (entry.kind === 'uploadPhotos') return entry.afterEntryId ? [t('field.outbox.waitsForEvent')] : [];
  if (entry.kind !== 'patchTask') return [];
  const { patch } = taskBodyOf(entry);
  const status = patch.attributes?.status;
  return [
    // In conflict, the status shows as one of the two versions (entryVersions).
    ...(status && entry.state !== 'conflict' ? [t('field.outbox.taskStatus', { status: statusText(t, status) })] : []),
    ...(patch.note ? [t('field.outbox.taskNote', { note: patch.note })] : []),
  ];
}

/** An entry in conflict: the server's version (changed meanwhile) and the device's, and whether a note goes anyway. */
export function entryVersions(t: TFunction, entry: OutboxEntry): string[] {
  if (entry.kind !== 'patchTask' || entry.state !== 'conflict') return [];
  const { patch } = taskBodyOf(entry);
  const server = (entry.conflict?.server ?? {}) as Partial<TaskFields>;
  return [
    t('field.outbox.onServer', { status: statusText(t, server.status) }),
    t('field.outbox.onDevice', { status: statusText(t, patch.attributes?.status) }),
    ...(patch.note ? [t('field.outbox.noteStays')] : []),
  ];
}

/** Why the server refused it, with each field at fault, in the user's language. */
export function entryFailure(t: TFunction, entry: OutboxEntry): string[] {
  const failure = entry.failure;
  if (!failure) return [];
  const lines = [failure.key ? messageText(t, failure.key) : t('field.outbox.refused', { status: failure.status })];
  for (const key of Object.values(failure.fieldKeys ?? {})) lines.push(messageText(t, key));
  return lines;
}
