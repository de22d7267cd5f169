import * as fakeIndexedDb from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { type DeviceDb, openDeviceStore } from './device-store';

/**
 * Test support: the device's store on an IndexedDB of the standard's own behaviour in memory (fake-indexeddb), new for
 * each test; the browser tests use Chromium's. Answers a reader of the store the current test opened.
 */
export function useMemoryDeviceStore(name: string): () => DeviceDb {
  let db: DeviceDb | undefined;
  beforeEach(async () => {
    for (const [global, value] of Object.entries(fakeIndexedDb))
      if (global.startsWith('IDB')) vi.stubGlobal(global, value);
    vi.stubGlobal('indexedDB', new fakeIndexedDb.IDBFactory());
    db = await openDeviceStore(name);
  });
  afterEach(() => {
    db?.close();
    vi.unstubAllGlobals();
  });
  return () => {
    if (!db) throw new Error('the device store opens before each test');
    return db;
  };
}
