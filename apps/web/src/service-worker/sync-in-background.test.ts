import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, listOutbox } from '../features/field/outbox';
import { type DeviceDb, openDeviceStore } from '../lib/device-store';
import { useMemoryDeviceStore } from '../lib/memory-device-store';
import { syncInBackground } from './sync-in-background';

const INSPECTOR = 7;
const COLLEAGUE = 8;
const STORE = 'background-sync-test';
const sessionOf = (id: number) => ({
  user: {
    id,
    name: 'Urs Brunner',
    email: 'client@example.com',
    roles: ['ROLE_USER'],
    mainRole: 'ROLE_USER',
    isAdmin: false,
    isFreeUser: false,
    permissions: [],
    mandators: [],
    languageId: 'DES',
    twoFactorMethod: null,
    pictureUri: null,
    isSingleArea: false,
    singleAreaId: null,
    isLive: false,
    hasImpersonate: false,
  },
});

/** The API as the worker reaches it: the session check answers `session`, each new event its id. */
function stubApi(session: { status: number; body: unknown }) {
  const sent: { key: string | null; position: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/login/check') return json(session.status, session.body);
      if (path === '/api/events') {
        const body = (await request.json()) as { ropeEvent: { position: number } };
        sent.push({ key: request.headers.get('idempotency-key'), position: body.ropeEvent.position });
        return json(200, { ropeEvent: { id: 100 + sent.length } });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

describe('the queue sent by the service worker', () => {
  const openTestStore = useMemoryDeviceStore(STORE);
  let db: DeviceDb;
  beforeEach(() => {
    db = openTestStore();
  });
  const queue = (userId: number, position: number) =>
    enqueue(db, {
      userId,
      ropeId: 35,
      ropeName: 'Förderseil',
      kind: 'createEvent',
      body: { ropeEvent: { rope: { id: 35 }, position, attributes: { recordingType: 'damage', type: 'wireBreak' } } },
    });
  const open = () => openDeviceStore(STORE);

  it('leaves it to an open window of the app that answers it sends', async () => {
    await queue(INSPECTOR, 10);
    const sent = stubApi({ status: 200, body: sessionOf(INSPECTOR) });
    const told: unknown[] = [];
    const answering = {
      postMessage: (message: unknown, [port]: Transferable[]) => {
        told.push(message);
        (port as MessagePort).postMessage({ type: 'rope-outbox', sending: true });
      },
    };
    await syncInBackground([answering], open, 5_000);
    expect(told).toEqual([{ type: 'rope-outbox' }]);
    expect(sent).toEqual([]);
    expect(await listOutbox(db, INSPECTOR)).toHaveLength(1);
  });

  it('sends it itself when no window answers (one being closed, or frozen in the background)', async () => {
    const mine = await queue(INSPECTOR, 10);
    const sent = stubApi({ status: 200, body: sessionOf(INSPECTOR) });
    const told: unknown[] = [];
    await syncInBackground([{ postMessage: (message) => told.push(message) }], open, 50);
    expect(told).toEqual([{ type: 'rope-outbox' }]);
    expect(sent).toEqual([{ key: mine.id, position: 10 }]);
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });

  it("sends the entries of the session's user alone, under their keys; another user's wait", async () => {
    const mine = await queue(INSPECTOR, 10);
    await queue(COLLEAGUE, 20);
    const sent = stubApi({ status: 200, body: sessionOf(INSPECTOR) });
    await syncInBackground([], open);
    expect(sent).toEqual([{ key: mine.id, position: 10 }]);
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
    expect(await listOutbox(db, COLLEAGUE)).toHaveLength(1);
  });

  it('sends nothing when the session has ended: the entries wait for the next sign-in', async () => {
    await queue(INSPECTOR, 10);
    const sent = stubApi({ status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } });
    await syncInBackground([], open);
    expect(sent).toEqual([]);
    expect(await listOutbox(db, INSPECTOR)).toHaveLength(1);
  });

  it('rejects when the network is gone again, so that the browser calls later', async () => {
    await queue(INSPECTOR, 10);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(syncInBackground([], open)).rejects.toThrow();
    expect(await listOutbox(db, INSPECTOR)).toHaveLength(1);
  });
});
