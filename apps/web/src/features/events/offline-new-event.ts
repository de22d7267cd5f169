import type { RopeEventView } from '@rope/domain/events/views';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import type { Outbox } from '../../lib/outbox-context';
import { dataOf, typedApi } from '../../lib/typed-api';
import { outboxFiles, photosEntry, uploadEventPhotos } from '../field';

/** An event's own fields, as the API answers them and takes them back. */
export type EventBody = Pick<RopeEventView, 'position' | 'attributes'>;

export type RopeRef = { id: number; name: string };

/** Records an event; `key` names the write, so a resend after a lost answer records it once. */
function createEvent(ropeId: number, event: EventBody, key: string) {
  return dataOf(
    typedApi.POST('/api/events', {
      params: { header: { 'idempotency-key': key } },
      body: { ropeEvent: { rope: { id: ropeId }, ...event } },
    }),
  );
}

/**
 * What a save came to: stored on the server (and whether the rope's damage changed), or queued on the device. The
 * photos of a stored event may wait on the device all the same, or be refused (why, in `photoFailure`).
 */
export type SaveOutcome =
  | { queued: false; ropeChanged: boolean; photosQueued?: true; photoFailure?: unknown }
  | { queued: true };

const lostNetwork = (outbox: Outbox, error: unknown) =>
  outbox.ready && error instanceof ApiError && error.code === 'NETWORK';

/**
 * A new event without a signal goes into the device's queue (lib/outbox-context.ts) under its own key, its photos
 * right after it, waiting for the event's id; so does one whose answer did not come back: it may have arrived, and
 * the resend under the same key records it once.
 */
export async function createOrQueue(
  rope: RopeRef,
  event: EventBody,
  photos: readonly File[],
  outbox: Outbox,
): Promise<SaveOutcome> {
  const key = crypto.randomUUID();
  const body = { ropeEvent: { rope: { id: rope.id }, ...event } };
  const queue = async (): Promise<SaveOutcome> => {
    const withPhotos =
      photos.length > 0 ? [photosEntry(rope, event.attributes.type, photos, { afterEntryId: key })] : [];
    await outbox.queue({ id: key, ropeId: rope.id, ropeName: rope.name, kind: 'createEvent', body }, ...withPhotos);
    return { queued: true };
  };
  if (outbox.ready && !onlineManager.isOnline()) return queue();
  let created: Awaited<ReturnType<typeof createEvent>>;
  try {
    created = await createEvent(rope.id, event, key);
  } catch (error) {
    if (lostNetwork(outbox, error)) return queue();
    throw error;
  }
  const saved = { queued: false, ropeChanged: created.ropeChanged } as const;
  return photos.length > 0
    ? { ...saved, ...(await sendPhotos(rope, created.ropeEvent.id, event, photos, outbox)) }
    : saved;
}

/**
 * The photos of a stored event (one just recorded, or one taken on the line later) go to it under their own key.
 * Without a signal, or when the network goes on the way, they wait on the device under that key: they may have
 * arrived, and the resend stores them once.
 */
export async function sendPhotos(
  rope: RopeRef,
  eventId: number,
  event: EventBody,
  photos: readonly File[],
  outbox: Outbox,
): Promise<{ photosQueued?: true; photoFailure?: unknown }> {
  const key = crypto.randomUUID();
  if (outbox.ready && !onlineManager.isOnline()) {
    await outbox.queue(photosEntry(rope, event.attributes.type, photos, { eventId }, key));
    return { photosQueued: true };
  }
  try {
    await uploadEventPhotos(eventId, outboxFiles(photos), key);
    return {};
  } catch (error) {
    if (!lostNetwork(outbox, error)) return { photoFailure: error };
    await outbox.queue(photosEntry(rope, event.attributes.type, photos, { eventId }, key));
    return { photosQueued: true };
  }
}
