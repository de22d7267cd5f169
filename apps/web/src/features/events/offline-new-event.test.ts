import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { OutboxEntry } from '../../lib/device-store';
import type { Outbox, QueuedEntry } from '../../lib/outbox-context';
import { createOrQueue, type EventBody, sendPhotos } from './offline-new-event';

const ROPE = { id: 35, name: 'Förderseil' };
const wireBreak = {
  position: 10,
  attributes: { recordingType: 'damage', type: 'wireBreak', timestamp: '2030-05-01T10:30:00.000Z' },
} as unknown as EventBody;
const photos = [new File(['jpeg'], 'Bruch.jpg', { type: 'image/jpeg' })];

/** The device's queue, keeping what it was given. */
function fakeOutbox() {
  const queued: QueuedEntry[][] = [];
  const outbox = {
    ready: true,
    queue: async (entry: QueuedEntry, ...following: QueuedEntry[]) => {
      queued.push([entry, ...following]);
      return entry as OutboxEntry;
    },
  } as Partial<Outbox> as Outbox;
  return { outbox, queued };
}

/** XMLHttpRequest as uploadWithProgress uses it: the upload meets no network, or the server's answer. */
class FakeUpload {
  static answer: 'network' | { status: number; body: unknown } = 'network';
  static headers: Record<string, string>[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload = { addEventListener() {} };
  private readonly listeners = new Map<string, () => void>();
  private readonly headers: Record<string, string> = {};
  open() {}
  abort() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  send() {
    FakeUpload.headers.push(this.headers);
    const answer = FakeUpload.answer;
    setTimeout(() => {
      if (answer === 'network') return this.listeners.get('error')?.();
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.listeners.get('load')?.();
    });
  }
}

describe('a new event with photos', () => {
  beforeEach(() => {
    FakeUpload.headers = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    vi.stubGlobal('fetch', async () =>
      Response.json({ ropeEvent: { id: 42, ...wireBreak }, ropeChanged: true }, { status: 200 }),
    );
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('is queued offline with its photos right after it, waiting for its entry', async () => {
    onlineManager.setOnline(false);
    const { outbox, queued } = fakeOutbox();
    expect(await createOrQueue(ROPE, wireBreak, photos, outbox)).toEqual({ queued: true });
    const [[event, photoEntry]] = queued as [[QueuedEntry, QueuedEntry]];
    expect(event).toMatchObject({ kind: 'createEvent', ropeId: 35 });
    expect(photoEntry).toMatchObject({
      kind: 'uploadPhotos',
      afterEntryId: event.id,
      body: { eventId: null, eventType: 'wireBreak' },
      files: [{ name: 'Bruch.jpg', type: 'image/jpeg' }],
    });
  });

  it('queues a measurement and a repair offline as it queues a damage: each under its own id, as entered', async () => {
    onlineManager.setOnline(false);
    const { outbox, queued } = fakeOutbox();
    const diameter = {
      position: 120.5,
      attributes: {
        recordingType: 'measurement',
        type: 'diameterMeasurement',
        timestamp: '2030-05-01T10:40:00.000Z',
        description: '39,6 mm an drei Stellen',
      },
    } as unknown as EventBody;
    const repairPiece = {
      position: 300,
      attributes: {
        recordingType: 'damage',
        type: 'repairPiece',
        timestamp: '2030-05-01T11:00:00.000Z',
        positionEnd: 312.5,
      },
    } as unknown as EventBody;
    expect(await createOrQueue(ROPE, diameter, [], outbox)).toEqual({ queued: true });
    expect(await createOrQueue(ROPE, repairPiece, [], outbox)).toEqual({ queued: true });
    const [[measured], [repaired]] = queued as [[QueuedEntry], [QueuedEntry]];
    expect(measured).toMatchObject({ kind: 'createEvent', ropeId: 35, body: { ropeEvent: diameter } });
    expect(repaired).toMatchObject({ kind: 'createEvent', ropeId: 35, body: { ropeEvent: repairPiece } });
    expect(measured.id).not.toBe(repaired.id);
  });

  it('online, queues its photos for the stored event under the key their upload was tried with', async () => {
    FakeUpload.answer = 'network';
    const { outbox, queued } = fakeOutbox();
    const outcome = await createOrQueue(ROPE, wireBreak, photos, outbox);
    expect(outcome).toEqual({ queued: false, ropeChanged: true, photosQueued: true });
    const [[photoEntry]] = queued as [[QueuedEntry]];
    expect(photoEntry).toMatchObject({ kind: 'uploadPhotos', body: { eventId: 42 } });
    expect(photoEntry.afterEntryId).toBeUndefined();
    expect(FakeUpload.headers).toEqual([{ Accept: 'application/json', 'Idempotency-Key': photoEntry.id }]);
  });

  it('online, says why its photos were refused and queues nothing', async () => {
    FakeUpload.answer = { status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too large' } } };
    const { outbox, queued } = fakeOutbox();
    const outcome = await createOrQueue(ROPE, wireBreak, photos, outbox);
    expect(outcome).toMatchObject({ queued: false, ropeChanged: true, photoFailure: expect.any(ApiError) });
    expect(queued).toEqual([]);
  });

  it('added to a stored event without a signal, wait on the device for that event, not trying the network', async () => {
    onlineManager.setOnline(false);
    const { outbox, queued } = fakeOutbox();
    expect(await sendPhotos(ROPE, 42, wireBreak, photos, outbox)).toEqual({ photosQueued: true });
    const [[photoEntry]] = queued as [[QueuedEntry]];
    expect(photoEntry).toMatchObject({
      kind: 'uploadPhotos',
      ropeId: 35,
      body: { eventId: 42, eventType: 'wireBreak' },
    });
    expect(photoEntry.afterEntryId).toBeUndefined();
    expect(FakeUpload.headers).toEqual([]);
  });
});
