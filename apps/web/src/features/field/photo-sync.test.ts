import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { DeviceDb, OutboxEntry } from '../../lib/device-store';
import { useMemoryDeviceStore } from '../../lib/memory-device-store';
import { discardEntry, enqueueAll, listOutbox, retryEntry } from './outbox';
import { type PhotosBody, photosEntry, photosWaitingFor } from './photo-entry';
import { syncOutbox } from './sync';

const INSPECTOR = 7;
const ROPE = { id: 35, name: 'Förderseil' };
const wireBreak = (position: number) => ({
  ropeEvent: { rope: { id: ROPE.id }, position, attributes: { recordingType: 'damage', type: 'wireBreak' } },
});
const photo = (name: string) => new File([`jpeg of ${name}`], name, { type: 'image/jpeg' });

/** The server as the queue meets it: each key does its write once and answers the first result again. */
function fakeServer() {
  const answers = new Map<string, unknown>();
  const uploads: { key: string; eventId: number; names: string[]; bytes: string[] }[] = [];
  let nextEventId = 500;
  const send = async (entry: OutboxEntry) => {
    const kept = answers.get(entry.id);
    if (kept) return kept;
    let answer: unknown;
    if (entry.kind === 'uploadPhotos') {
      const files = entry.files ?? [];
      const bytes = await Promise.all(files.map((file) => file.blob.text()));
      uploads.push({
        key: entry.id,
        eventId: (entry.body as PhotosBody).eventId!,
        names: files.map((f) => f.name),
        bytes,
      });
      answer = { documents: files.map((file, index) => ({ id: index + 1, name: file.name })) };
    } else answer = { ropeEvent: { id: nextEventId++ }, ropeChanged: true };
    answers.set(entry.id, answer);
    return answer;
  };
  return { send, uploads };
}

describe("an event's photos in the queue", () => {
  const openStore = useMemoryDeviceStore('photo-sync-test');
  let db: DeviceDb;
  beforeEach(() => {
    db = openStore();
  });

  /** A wire break recorded offline with its photos, queued together as the event dialog does. */
  const recordOffline = async (position: number, names: string[]) => {
    const eventKey = crypto.randomUUID();
    const event = {
      id: eventKey,
      userId: INSPECTOR,
      ropeId: ROPE.id,
      ropeName: ROPE.name,
      kind: 'createEvent' as const,
      body: wireBreak(position),
    };
    const photos = {
      ...photosEntry(ROPE, 'wireBreak', names.map(photo), { afterEntryId: eventKey }),
      userId: INSPECTOR,
    };
    const [queuedEvent, queuedPhotos] = await enqueueAll(db, [event, photos]);
    return { event: queuedEvent!, photos: queuedPhotos! };
  };

  it('keeps the photos as Blobs right after their event, which knows how many wait with it', async () => {
    const { event, photos } = await recordOffline(10, ['Bruch 1.jpg', 'Bruch 2.jpg']);
    const listed = await listOutbox(db, INSPECTOR);
    expect(listed.map((entry) => entry.id)).toEqual([event.id, photos.id]);
    expect(listed[1]).toMatchObject({ kind: 'uploadPhotos', afterEntryId: event.id, body: { eventId: null } });
    expect(await listed[1]!.files![1]!.blob.text()).toBe('jpeg of Bruch 2.jpg');
    expect(photosWaitingFor(listed, event.id)).toBe(2);
  });

  it('sends the photos after their event, to the id the server gave it, under their own key', async () => {
    const first = await recordOffline(10, ['Bruch 1.jpg']);
    const second = await recordOffline(20, ['Bruch 2.jpg', 'Bruch 3.jpg']);
    const server = fakeServer();
    const result = await syncOutbox(db, INSPECTOR, server.send);
    expect(result.sent.map((entry) => entry.id)).toEqual(
      [first.event, first.photos, second.event, second.photos].map((e) => e.id),
    );
    expect(server.uploads).toEqual([
      { key: first.photos.id, eventId: 500, names: ['Bruch 1.jpg'], bytes: ['jpeg of Bruch 1.jpg'] },
      {
        key: second.photos.id,
        eventId: 501,
        names: ['Bruch 2.jpg', 'Bruch 3.jpg'],
        bytes: ['jpeg of Bruch 2.jpg', 'jpeg of Bruch 3.jpg'],
      },
    ]);
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });

  it('keeps the photos waiting, with the event id, when the signal goes between the event and them', async () => {
    const { photos } = await recordOffline(10, ['Bruch 1.jpg']);
    const server = fakeServer();
    const stopped = await syncOutbox(db, INSPECTOR, async (entry) => {
      if (entry.kind === 'uploadPhotos') throw new ApiError(0, 'NETWORK', 'Failed to fetch');
      return server.send(entry);
    });
    expect(stopped.stopped).toBe('offline');
    const [waiting] = await listOutbox(db, INSPECTOR);
    expect(waiting).toMatchObject({ id: photos.id, state: 'waiting', body: { eventId: 500 } });
    expect(waiting!.afterEntryId).toBeUndefined();
    await syncOutbox(db, INSPECTOR, server.send);
    expect(server.uploads.map((upload) => [upload.key, upload.eventId])).toEqual([[photos.id, 500]]);
  });

  it('stores the photos once when the answer to their upload is lost and they are sent again', async () => {
    const { photos } = await recordOffline(10, ['Bruch 1.jpg']);
    const server = fakeServer();
    const keys: string[] = [];
    const losing = async (entry: OutboxEntry) => {
      const answer = await server.send(entry);
      if (entry.kind !== 'uploadPhotos') return answer;
      keys.push(entry.id);
      // The server stored them; the answer never reached the device.
      throw new ApiError(0, 'NETWORK', 'Failed to fetch');
    };
    expect((await syncOutbox(db, INSPECTOR, losing)).stopped).toBe('offline');
    await syncOutbox(db, INSPECTOR, server.send);
    expect(keys).toEqual([photos.id]);
    expect(server.uploads).toHaveLength(1);
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });

  it('keeps the photos waiting behind a refused event, and sends both once it is sent again', async () => {
    const { event, photos } = await recordOffline(9999, ['Bruch 1.jpg']);
    const server = fakeServer();
    const refusing = async (entry: OutboxEntry) => {
      if (entry.kind === 'createEvent') throw new ApiError(400, 'VALIDATION', 'ropeEvent.position: At most 2290');
      return server.send(entry);
    };
    const result = await syncOutbox(db, INSPECTOR, refusing);
    expect(result.failed.map((entry) => entry.id)).toEqual([event.id]);
    expect(result.sent).toEqual([]);
    const kept = await listOutbox(db, INSPECTOR);
    expect(kept.map((entry) => [entry.id, entry.state])).toEqual([
      [event.id, 'failed'],
      [photos.id, 'waiting'],
    ]);
    await retryEntry(db, kept[0]!);
    await syncOutbox(db, INSPECTOR, server.send);
    expect(server.uploads.map((upload) => upload.key)).toEqual([photos.id]);
  });

  it('discards the photos with their event, and nothing else', async () => {
    const dropped = await recordOffline(10, ['Bruch 1.jpg']);
    const kept = await recordOffline(20, ['Bruch 2.jpg']);
    await discardEntry(db, dropped.event.id);
    expect((await listOutbox(db, INSPECTOR)).map((entry) => entry.id)).toEqual([kept.event.id, kept.photos.id]);
  });
});
