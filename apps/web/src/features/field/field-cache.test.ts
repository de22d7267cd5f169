import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeviceDb, forgetUser } from '../../lib/device-store';
import { useMemoryDeviceStore } from '../../lib/memory-device-store';
import { FieldCache, PHOTOS_PER_LIST, RECENT_ROPES } from './field-cache';

const INSPECTOR = 7;
const COLLEAGUE = 8;

const rope = (id: number, installation = 30) => ({ id, name: `Förderseil ${id}`, installation: { id: installation } });

/** A query answered as the server would: stored as it arrives when the cache keeps its rope. */
async function answer(client: QueryClient, key: readonly unknown[], data: unknown) {
  await client.fetchQuery({ queryKey: key, queryFn: () => data });
  // The cache stores asynchronously after the success event.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the field cache', () => {
  const openStore = useMemoryDeviceStore('field-cache-test');
  let db: DeviceDb;
  beforeEach(() => {
    db = openStore();
  });

  it("keeps a visited rope's page and gives it back, with when it was fetched, on the next start", async () => {
    const online = new QueryClient();
    const cache = new FieldCache(db, online, INSPECTOR);
    await cache.restore();
    const stop = cache.start();
    await answer(online, ['ropes', 'detail', 11], rope(11));
    await cache.visit(11);
    await answer(online, ['events', 'rope', 11, 'list', { page: 1 }], { total: 1, ropeEvents: [{ id: 5 }] });
    await answer(online, ['tasks', 'rope', 11], [{ id: 3, attributes: { title: 'Spleiss prüfen' } }]);
    // Another rope, never opened, and a list of all areas: not kept.
    await answer(online, ['ropes', 'detail', 12], rope(12));
    await answer(online, ['areas', 'list', null], [{ id: 1 }]);
    stop();
    const fetchedAt = online.getQueryState(['tasks', 'rope', 11])!.dataUpdatedAt;

    const offline = new QueryClient();
    await new FieldCache(db, offline, INSPECTOR).restore();
    expect(offline.getQueryData(['ropes', 'detail', 11])).toEqual(rope(11));
    expect(offline.getQueryData(['events', 'rope', 11, 'list', { page: 1 }])).toEqual({
      total: 1,
      ropeEvents: [{ id: 5 }],
    });
    expect(offline.getQueryState(['tasks', 'rope', 11])!.dataUpdatedAt).toBe(fetchedAt);
    expect(offline.getQueryData(['ropes', 'detail', 12])).toBeUndefined();
    expect(offline.getQueryData(['areas', 'list', null])).toBeUndefined();
  });

  it('keeps the ropes of an installation chosen for the field, with the installation and its area', async () => {
    const client = new QueryClient();
    const cache = new FieldCache(db, client, INSPECTOR);
    await cache.restore();
    const stop = cache.start();
    await cache.choose('installation', 30, 'Luftseilbahn Trübsee');
    await answer(client, ['ropes', 'list', 30, false], [rope(21), rope(22)]);
    await answer(client, ['ropes', 'detail', 22], rope(22));
    await answer(client, ['installations', 'detail', 30], { id: 30, area: { id: 4 } });
    await answer(client, ['areas', 'detail', 4], { id: 4, name: 'Engelberg' });
    await answer(client, ['ropes', 'detail', 40], rope(40, 31));
    stop();
    expect(cache.fieldRopes().sort()).toEqual([21, 22]);

    const restored = new QueryClient();
    const again = new FieldCache(db, restored, INSPECTOR);
    await again.restore();
    expect(again.chosen('installation', 30)).toBe(true);
    expect(restored.getQueryData(['ropes', 'detail', 22])).toEqual(rope(22));
    expect(restored.getQueryData(['areas', 'detail', 4])).toEqual({ id: 4, name: 'Engelberg' });
    expect(restored.getQueryData(['ropes', 'detail', 40])).toBeUndefined();

    // Taken out of the field again: its snapshots go.
    await again.unchoose('installation', 30);
    const after = new QueryClient();
    await new FieldCache(db, after, INSPECTOR).restore();
    expect(after.getQueryData(['ropes', 'detail', 22])).toBeUndefined();
  });

  it('keeps the last ropes opened, and lets the oldest go beyond them', async () => {
    const client = new QueryClient();
    const cache = new FieldCache(db, client, INSPECTOR);
    await cache.restore();
    const stop = cache.start();
    for (let id = 1; id <= RECENT_ROPES + 1; id += 1) {
      await answer(client, ['ropes', 'detail', id], rope(id));
      await cache.visit(id);
    }
    stop();
    const restored = new QueryClient();
    await new FieldCache(db, restored, INSPECTOR).restore();
    expect(restored.getQueryData(['ropes', 'detail', 1])).toBeUndefined();
    expect(restored.getQueryData(['ropes', 'detail', 2])).toEqual(rope(2));
    expect(restored.getQueryData(['ropes', 'detail', RECENT_ROPES + 1])).toEqual(rope(RECENT_ROPES + 1));
  });

  it("never gives one user's ropes to another, and forgets a user entirely when they sign out", async () => {
    const client = new QueryClient();
    const cache = new FieldCache(db, client, INSPECTOR);
    await cache.restore();
    const stop = cache.start();
    await answer(client, ['ropes', 'detail', 11], rope(11));
    await cache.visit(11);
    await cache.choose('rope', 11, 'Förderseil 11');
    stop();
    await db.put('session', { userId: INSPECTOR, answer: { twoFactorComplete: true }, keptAt: Date.now() }, 'current');

    const colleague = new QueryClient();
    const theirs = new FieldCache(db, colleague, COLLEAGUE);
    await theirs.restore();
    expect(colleague.getQueryData(['ropes', 'detail', 11])).toBeUndefined();
    expect(theirs.listChoices()).toEqual([]);

    await forgetUser(db, INSPECTOR);
    expect(await db.getAllFromIndex('snapshots', 'byUser', INSPECTOR)).toEqual([]);
    expect(await db.getAllFromIndex('choices', 'byUser', INSPECTOR)).toEqual([]);
    expect(await db.getAllFromIndex('visits', 'byUser', INSPECTOR)).toEqual([]);
    expect(await db.get('session', 'current')).toBeUndefined();
  });

  describe("a kept rope's photos and notes", () => {
    const thumbnail = (id: number) => `/api/documents/${id}/thumbnail`;
    const image = (id: number) => ({ id, name: `Drahtbruch ${id}.jpg`, thumbnailUrl: thumbnail(id) });
    let fetched: string[];
    beforeEach(() => {
      fetched = [];
      // The server's thumbnails: what the cache fetches is recorded.
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
        fetched.push(String(url));
        return new Response(new Blob([`jpeg of ${String(url)}`], { type: 'image/jpeg' }), {
          headers: { 'content-type': 'image/jpeg' },
        });
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it("keeps the documents and thumbnails of a kept rope's events, and the notes of its tasks", async () => {
      const client = new QueryClient();
      const cache = new FieldCache(db, client, INSPECTOR);
      await cache.restore();
      const stop = cache.start();
      await answer(client, ['ropes', 'detail', 11], rope(11));
      await cache.visit(11);
      await answer(client, ['events', 'rope', 11, 'list', { page: 1 }], { total: 1, ropeEvents: [{ id: 5 }] });
      await answer(client, ['tasks', 'rope', 11], [{ id: 3, attributes: { title: 'Spleiss prüfen' } }]);
      const eventDocuments = ['documents', 'list', { kind: 'target', targetType: 'event', targetId: 5 }, null, 'de'];
      await answer(client, eventDocuments, {
        documents: [image(90), { id: 91, name: 'Protokoll.pdf', thumbnailUrl: null }],
        language: 'de',
      });
      await answer(client, ['tasks', 'notes', 3], [{ note: 'Spleiss 2 nachgemessen' }]);
      // An event of a rope the device does not keep: neither its documents nor its photos.
      const foreign = ['documents', 'list', { kind: 'target', targetType: 'event', targetId: 6 }, null, 'de'];
      await answer(client, foreign, { documents: [image(92)], language: 'de' });
      await cache.photosSettled();
      stop();
      expect(fetched).toEqual([thumbnail(90)]);

      const offline = new QueryClient();
      const restored = new FieldCache(db, offline, INSPECTOR);
      await restored.restore();
      expect(offline.getQueryData(eventDocuments)).toMatchObject({ documents: [{ id: 90 }, { id: 91 }] });
      expect(offline.getQueryData(['tasks', 'notes', 3])).toEqual([{ note: 'Spleiss 2 nachgemessen' }]);
      expect(offline.getQueryData(foreign)).toBeUndefined();
      expect(await (await restored.photo(90))?.text()).toBe(`jpeg of ${thumbnail(90)}`);
      expect(await restored.photo(92)).toBeUndefined();
      // Another user on the device sees none of it.
      expect(await new FieldCache(db, new QueryClient(), COLLEAGUE).photo(90)).toBeUndefined();
    });

    it('fetches a thumbnail once, at most the first photos of a list, and drops them with the rope', async () => {
      const client = new QueryClient();
      const cache = new FieldCache(db, client, INSPECTOR);
      await cache.restore();
      const stop = cache.start();
      await cache.choose('rope', 11, 'Förderseil 11');
      const many = Array.from({ length: PHOTOS_PER_LIST + 3 }, (_, index) => image(100 + index));
      const ropeDocuments = ['documents', 'list', { kind: 'target', targetType: 'rope', targetId: 11 }, null, 'de'];
      await answer(client, ropeDocuments, { documents: many, language: 'de' });
      await cache.photosSettled();
      await client.refetchQueries({ queryKey: ropeDocuments });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await cache.photosSettled();
      stop();
      expect(fetched).toHaveLength(PHOTOS_PER_LIST);
      expect(new Set(fetched).size).toBe(PHOTOS_PER_LIST);
      expect(await cache.photo(100)).toBeDefined();

      await cache.unchoose('rope', 11);
      expect(await cache.photo(100)).toBeUndefined();
    });

    it('forgets the photos of a user who signs out', async () => {
      const client = new QueryClient();
      const cache = new FieldCache(db, client, INSPECTOR);
      await cache.restore();
      const stop = cache.start();
      await cache.choose('rope', 11, 'Förderseil 11');
      const ropeDocuments = ['documents', 'list', { kind: 'target', targetType: 'rope', targetId: 11 }, null, 'de'];
      await answer(client, ropeDocuments, { documents: [image(90)], language: 'de' });
      await cache.photosSettled();
      stop();
      await forgetUser(db, INSPECTOR);
      expect(await db.getAllFromIndex('photos', 'byUser', INSPECTOR)).toEqual([]);
    });
  });
});
