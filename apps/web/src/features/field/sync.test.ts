import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { type DeviceDb, forgetUser, type OutboxEntry } from '../../lib/device-store';
import { useMemoryDeviceStore } from '../../lib/memory-device-store';
import { enqueue, listOutbox } from './outbox';
import { syncOutbox } from './sync';

const INSPECTOR = 7;
const damage = (position: number) => ({
  ropeEvent: { rope: { id: 35 }, position, attributes: { recordingType: 'damage', type: 'wireBreak', damageCount: 2 } },
});

describe('sending the queue', () => {
  const openStore = useMemoryDeviceStore('sync-test');
  let db: DeviceDb;
  beforeEach(() => {
    db = openStore();
  });

  const queue = async (...positions: number[]) => {
    const entries: OutboxEntry[] = [];
    for (const position of positions) {
      entries.push(
        await enqueue(db, {
          userId: INSPECTOR,
          ropeId: 35,
          ropeName: 'Förderseil',
          kind: 'createEvent',
          body: damage(position),
        }),
      );
      // Entries made in the same millisecond keep their order by id; here each has its own.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return entries;
  };

  it('sends the entries in the order they were made, each under its own id as the key, and removes them', async () => {
    const entries = await queue(10, 20, 30);
    const sent: string[] = [];
    const result = await syncOutbox(db, INSPECTOR, async (entry) => sent.push(entry.id));
    expect(sent).toEqual(entries.map((entry) => entry.id));
    expect(result.failed).toEqual([]);
    expect(result.stopped).toBeUndefined();
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });

  it('keeps the order of entries made within the same millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-12-01T10:00:00Z'));
    const made: string[] = [];
    for (let position = 1; position <= 12; position += 1) {
      const entry = { userId: INSPECTOR, ropeId: 35, ropeName: 'Förderseil', kind: 'createEvent' as const };
      made.push((await enqueue(db, { ...entry, body: damage(position) })).id);
    }
    vi.restoreAllMocks();
    const sent: string[] = [];
    await syncOutbox(db, INSPECTOR, async (entry) => sent.push(entry.id));
    expect(sent).toEqual(made);
  });

  it('keeps a refused entry with its reason and fields, and goes on with the next', async () => {
    const [refused, next] = await queue(10, 20);
    const result = await syncOutbox(db, INSPECTOR, async (entry) => {
      if (entry.id === refused!.id) {
        throw new ApiError(400, 'VALIDATION', 'ropeEvent.position: At most 2290', undefined, undefined, {
          key: { key: 'validation.max', params: { max: 2290 } },
          fieldKeys: { 'ropeEvent.position': { key: 'validation.max', params: { max: 2290 } } },
        });
      }
    });
    expect(result.sent.map((entry) => entry.id)).toEqual([next!.id]);
    const [kept] = await listOutbox(db, INSPECTOR);
    expect(kept).toMatchObject({
      id: refused!.id,
      state: 'failed',
      failure: { status: 400, fieldKeys: { 'ropeEvent.position': { key: 'validation.max' } } },
    });
    // A failed entry is not sent again on its own.
    const again = vi.fn();
    await syncOutbox(db, INSPECTOR, again);
    expect(again).not.toHaveBeenCalled();
  });

  it('stops without a network or a session, and leaves every entry waiting for the next run', async () => {
    await queue(10, 20);
    const offline = await syncOutbox(db, INSPECTOR, async () => {
      throw new ApiError(0, 'NETWORK', 'Failed to fetch');
    });
    expect(offline.stopped).toBe('offline');
    const signedOut = await syncOutbox(db, INSPECTOR, async () => {
      throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
    });
    expect(signedOut.stopped).toBe('signedOut');
    const running = await syncOutbox(db, INSPECTOR, async () => {
      throw new ApiError(409, 'CONFLICT', 'still running');
    });
    expect(running.stopped).toBe('later');
    expect((await listOutbox(db, INSPECTOR)).map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
  });

  it("sends only the signed-in person's entries, and a sign-out deletes theirs", async () => {
    await queue(10);
    await enqueue(db, { userId: 8, ropeId: 35, ropeName: 'Förderseil', kind: 'createEvent', body: damage(5) });
    const sent: number[] = [];
    await syncOutbox(db, 8, async (entry) => sent.push(entry.userId));
    expect(sent).toEqual([8]);
    await forgetUser(db, INSPECTOR);
    expect(await listOutbox(db, INSPECTOR)).toEqual([]);
  });
});
