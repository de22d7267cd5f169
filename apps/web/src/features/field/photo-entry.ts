import type { OutboxEntry, OutboxFile } from '../../lib/device-store';
import type { QueuedEntry } from '../../lib/outbox-context';
import type { AnswerOf } from '../../lib/typed-api';

/** Photos of a new event as the queue holds them: the event's id once the server has it, its type for the panel. */
export interface PhotosBody {
  eventId: number | null;
  eventType: string;
}

export const photosBodyOf = (entry: OutboxEntry) => entry.body as PhotosBody;

/** Where the photos go: to an event the server has, or after the entry of one still on the device. */
export type PhotosTarget = { eventId: number } | { afterEntryId: string };

/** The files as the device's store keeps them (a File is a Blob; the name goes beside it). */
export const outboxFiles = (photos: readonly File[]): OutboxFile[] =>
  photos.map((photo) => ({ name: photo.name, type: photo.type, blob: photo }));

/** The queue entry of a new event's photos; `id` is the key an upload tried once already was sent with. */
export function photosEntry(
  rope: { id: number; name: string },
  eventType: string,
  photos: readonly File[],
  target: PhotosTarget,
  id?: string,
): QueuedEntry {
  const eventId = 'eventId' in target ? target.eventId : null;
  const body: PhotosBody = { eventId, eventType };
  return {
    ...(id ? { id } : {}),
    ropeId: rope.id,
    ropeName: rope.name,
    kind: 'uploadPhotos',
    body,
    files: outboxFiles(photos),
    ...('afterEntryId' in target ? { afterEntryId: target.afterEntryId } : {}),
  };
}

/** The id of the event POST /api/events created. */
export const createdEventId = (answer: unknown) => (answer as AnswerOf<'/api/events', 'post'>).ropeEvent.id;

export function withEventId(entry: OutboxEntry, eventId: number): OutboxEntry {
  return { ...entry, body: { ...photosBodyOf(entry), eventId } satisfies PhotosBody };
}

/** How many photos wait with an event's entry. */
export function photosWaitingFor(entries: readonly OutboxEntry[], entryId: string): number {
  return entries
    .filter((entry) => entry.kind === 'uploadPhotos' && entry.afterEntryId === entryId)
    .reduce((count, entry) => count + (entry.files?.length ?? 0), 0);
}
