import type { LoginAnswer } from '@rope/domain/auth/session';
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { ServerMessage } from './api-client';

/** What the device keeps of one user's ropes, so that their pages open without a signal (issue 28). */
export interface Snapshot {
  userId: number;
  /** TanStack Query's hash of the query key: one snapshot per query. */
  hash: string;
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server answered it (ms since 1970): the figure's age shown offline. */
  fetchedAt: number;
}

/** A rope or an installation (all its ropes) chosen to be taken into the field. */
export interface FieldChoice {
  userId: number;
  kind: 'rope' | 'installation';
  id: number;
  name: string;
  chosenAt: number;
}

/** A rope the user opened: the last ones are kept anyway. */
export interface Visit {
  userId: number;
  ropeId: number;
  visitedAt: number;
}

/** The last session answer of the device's user: offline, the app opens as them until the server says otherwise. */
export interface KeptSession {
  userId: number;
  answer: LoginAnswer;
  keptAt: number;
}

/**
 * A photo of a kept rope, as the server's thumbnail (a small upright copy): the rope's documents and its recent events'
 * photos show without a signal.
 */
export interface KeptPhoto {
  userId: number;
  documentId: number;
  /** The rope it belongs to (its own document, or its event's): dropped with the rope's other answers. */
  ropeId: number;
  blob: Blob;
  fetchedAt: number;
}

/** How a queued write failed: the server's refusal, with its message keys for the user's language. */
export interface OutboxFailure {
  status: number;
  code: string;
  key?: ServerMessage;
  fieldKeys?: Record<string, ServerMessage>;
}

/** The server's version of what an entry changes, when someone else changed it meanwhile: kept beside the entry. */
export interface OutboxConflict {
  server: unknown;
  seenAt: number;
}

/** A photo kept on the device until it is sent: structured clone keeps the Blob in IndexedDB. */
export interface OutboxFile {
  name: string;
  type: string;
  blob: Blob;
}

/**
 * A write made on the device, waiting to be sent (features/field/outbox.ts). Its id is the Idempotency-Key it is sent
 * with, so a resend after a lost answer is done once.
 */
export interface OutboxEntry {
  id: string;
  userId: number;
  ropeId: number;
  /** The rope's name when the entry was made, for the sync panel. */
  ropeName: string;
  kind: 'createEvent' | 'patchTask' | 'uploadPhotos';
  body: unknown;
  /** The photos an uploadPhotos entry sends. */
  files?: OutboxFile[];
  /** The entry it waits for: photos of an event not yet on the server wait for its entry, which hands them its id. */
  afterEntryId?: string;
  createdAt: number;
  /**
   * waiting: sent at the next chance; failed: refused, kept until the user decides; conflict: changed on the server
   * meanwhile, not sent until the user chooses their version or the server's.
   */
  state: 'waiting' | 'failed' | 'conflict';
  failure?: OutboxFailure;
  conflict?: OutboxConflict;
}

interface DeviceSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: number } };
  snapshots: { key: [number, string]; value: Snapshot; indexes: { byUser: number } };
  choices: { key: [number, string, number]; value: FieldChoice; indexes: { byUser: number } };
  visits: { key: [number, number]; value: Visit; indexes: { byUser: number } };
  session: { key: 'current'; value: KeptSession };
  photos: { key: [number, number]; value: KeptPhoto; indexes: { byUser: number } };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

export const DEVICE_DB_NAME = 'rope-cockpit';
const VERSION = 3;

/** Opens the device's store; every user's records carry their id and are read only by it. */
export function openDeviceStore(name = DEVICE_DB_NAME): Promise<DeviceDb> {
  return openDB<DeviceSchema>(name, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('snapshots', { keyPath: ['userId', 'hash'] }).createIndex('byUser', 'userId');
        db.createObjectStore('choices', { keyPath: ['userId', 'kind', 'id'] }).createIndex('byUser', 'userId');
        db.createObjectStore('visits', { keyPath: ['userId', 'ropeId'] }).createIndex('byUser', 'userId');
        db.createObjectStore('session');
      }
      if (oldVersion < 2) db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('byUser', 'userId');
      if (oldVersion < 3) {
        db.createObjectStore('photos', { keyPath: ['userId', 'documentId'] }).createIndex('byUser', 'userId');
      }
    },
  });
}

/**
 * Everything of one user on this device goes: on signing out, so that the next person never sees it. Their unsent
 * writes too: the sign-out asks before (features/shell).
 */
export async function forgetUser(db: DeviceDb, userId: number): Promise<void> {
  const tx = db.transaction(['snapshots', 'choices', 'visits', 'session', 'outbox', 'photos'], 'readwrite');
  for (const store of ['snapshots', 'choices', 'visits', 'outbox', 'photos'] as const) {
    let cursor = await tx.objectStore(store).index('byUser').openCursor(userId);
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  const session = await tx.objectStore('session').get('current');
  if (session?.userId === userId) await tx.objectStore('session').delete('current');
  await tx.done;
}

/** Drops the whole store (tests, and a device handed over). */
export function deleteDeviceStore(name = DEVICE_DB_NAME): Promise<void> {
  return deleteDB(name);
}
