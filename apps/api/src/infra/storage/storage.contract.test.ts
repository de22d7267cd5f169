import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../test/support/images.ts';
import { startS3Server, type TestS3Server } from '../../../test/support/s3-server.ts';
import { parseEnv } from '../../env.ts';
import { resolveRange } from '../../http/byte-range.ts';
import { createStorage } from './create.ts';
import { createFileStorage } from './filesystem.ts';
import { createS3Storage } from './s3.ts';
import { readStored, type Storage, UnsatisfiableRangeError } from './types.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const KEY = /^[a-z0-9-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]+)?$/;

async function text(storage: Storage, key: string, range?: { start: number; end?: number }) {
  const found = await storage.get(key, range);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('latin1');
}

/** A body that arrives in pieces, as an upload from the network does: 3 MiB of a known pattern. */
function streamedBody(): { stream: Readable; bytes: Buffer } {
  const bytes = Buffer.alloc(3 * 1024 * 1024);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
  const pieces = Array.from({ length: 48 }, (_, n) => bytes.subarray(n * 65_536, (n + 1) * 65_536));
  return { stream: Readable.from(pieces), bytes };
}

interface Adapter {
  name: string;
  /** A fresh store, and a second one over the same files (nothing may live only in the first's memory). */
  open(): Promise<{ storage: Storage; reopen(): Storage }>;
  close(): Promise<void>;
}

function filesystemAdapter(): Adapter {
  const roots: string[] = [];
  return {
    name: 'the filesystem',
    async open() {
      const root = mkdtempSync(join(tmpdir(), 'rope-storage-'));
      roots.push(root);
      return { storage: createFileStorage(root), reopen: () => createFileStorage(root) };
    },
    async close() {
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    },
  };
}

function s3Adapter(): Adapter {
  let server: TestS3Server | undefined;
  const opened: Storage[] = [];
  const connect = () => {
    const storage = createS3Storage({
      bucket: server!.bucket,
      region: 'us-east-1',
      endpoint: server!.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      keyPrefix: 'cockpit/',
    });
    opened.push(storage);
    return storage;
  };
  return {
    name: 'an S3-compatible server (s3rver)',
    async open() {
      server ??= await startS3Server();
      return { storage: connect(), reopen: connect };
    },
    async close() {
      for (const storage of opened) storage.close();
      await server?.close();
    },
  };
}

describe.each([filesystemAdapter(), s3Adapter()])('storage on $name', (adapter) => {
  let storage: Storage;
  let reopen: () => Storage;
  beforeAll(async () => {
    ({ storage, reopen } = await adapter.open());
  });
  afterAll(() => adapter.close());

  it('keeps bytes under a key it generates, with their size, type and checksum', async () => {
    const bytes = png(4, 3);
    const stored = await storage.put(bytes, { prefix: 'maps', extension: 'png', type: 'image/png' });
    expect(stored).toEqual({
      key: expect.stringMatching(KEY),
      size: bytes.length,
      type: 'image/png',
      checksum: sha256(bytes),
    });
    expect(stored.key.startsWith('maps/') && stored.key.endsWith('.png')).toBe(true);
    expect(await storage.head(stored.key)).toEqual(stored);
    expect(await reopen().head(stored.key)).toEqual(stored);
    const found = await reopen().get(stored.key);
    expect(found?.object).toEqual(stored);
    found?.body.destroy();
    expect((await readStored(storage, stored.key))?.equals(bytes)).toBe(true);
  });

  it('takes a stream without holding it whole and gives it back as a stream', async () => {
    const { stream, bytes } = streamedBody();
    const stored = await storage.put(stream, { prefix: 'videos', type: 'video/mp4' });
    expect(stored).toMatchObject({ size: bytes.length, type: 'video/mp4', checksum: sha256(bytes) });
    expect(stored.key).toMatch(/^videos\/[0-9a-f-]{36}$/);
    const found = await storage.get(stored.key);
    expect(found?.body).toBeInstanceOf(Readable);
    found?.body.destroy();
    expect((await readStored(storage, stored.key))?.equals(bytes)).toBe(true);
  });

  it('reads byte ranges: closed, open, suffix, past the end, and refuses one starting beyond it', async () => {
    const { key, size } = await storage.put(Buffer.from('0123456789abcdef'), { prefix: 'files', type: 'text/plain' });
    expect(await text(storage, key, { start: 0, end: 3 })).toBe('0123');
    expect(await text(storage, key, { start: 10, end: 10 })).toBe('a');
    expect(await text(storage, key, { start: 12 })).toBe('cdef');
    expect(await text(storage, key, { start: 14, end: 400 })).toBe('ef');
    const suffix = resolveRange('bytes=-5', size);
    expect(suffix).toEqual({ kind: 'slice', start: 11, end: 15 });
    if (suffix.kind === 'slice') expect(await text(storage, key, suffix)).toBe('bcdef');
    const ranged = await storage.get(key, { start: 4, end: 5 });
    expect(ranged?.object.size).toBe(16);
    ranged?.body.destroy();
    await expect(storage.get(key, { start: 16 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
  });

  it('keeps an empty file', async () => {
    const stored = await storage.put(new Uint8Array(), { prefix: 'files', type: 'text/plain' });
    expect(stored).toMatchObject({ size: 0, checksum: sha256(new Uint8Array()) });
    expect(await text(storage, stored.key)).toBe('');
    await expect(storage.get(stored.key, { start: 0 })).rejects.toBeInstanceOf(UnsatisfiableRangeError);
  });

  it('tells whether a key exists, and forgets a removed one', async () => {
    const { key } = await storage.put(Buffer.from('gone soon'), { prefix: 'files', type: 'text/plain' });
    expect(await storage.exists(key)).toBe(true);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.head(key)).toBeUndefined();
    expect(await storage.get(key)).toBeUndefined();
    await storage.remove(key);
    const never = 'files/00000000-0000-4000-8000-000000000000';
    expect(await storage.exists(never)).toBe(false);
    expect(await storage.get(never, { start: 0 })).toBeUndefined();
  });

  it('never takes a key from outside: each put gets a new one, and foreign keys are refused', async () => {
    const first = await storage.put(Buffer.from('a'), { prefix: 'files', type: 'text/plain' });
    const second = await storage.put(Buffer.from('a'), { prefix: 'files', type: 'text/plain' });
    expect(first.key).not.toBe(second.key);
    for (const key of ['../etc/passwd', 'files/../../x', '/etc/passwd', 'files/abc', 'Files/x.png', '']) {
      await expect(storage.head(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
    }
    await expect(storage.put(Buffer.from('a'), { prefix: '../up', type: 'text/plain' })).rejects.toThrow(/prefix/);
    await expect(
      storage.put(Buffer.from('a'), { prefix: 'files', extension: 'p/ng', type: 'text/plain' }),
    ).rejects.toThrow(/extension/);
  });
});

describe('the filesystem store', () => {
  it('gives a file stored before metadata was kept its size, type and checksum on first read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rope-storage-'));
    try {
      const bytes = png(2, 2);
      const key = 'pictures/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
      mkdirSync(join(root, 'pictures'));
      writeFileSync(join(root, key), bytes);
      const storage = createFileStorage(root);
      const expected = { key, size: bytes.length, type: 'image/png', checksum: sha256(bytes) };
      expect(await storage.head(key)).toEqual(expected);
      expect(await createFileStorage(root).head(key)).toEqual(expected);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the store the settings choose', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server('settings-test');
  });
  afterAll(() => server.close());

  it('is the S3-compatible bucket of STORAGE_*, or files under DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rope-data-'));
    try {
      const s3 = createStorage(parseEnv({ DATA_DIR: dataDir, ...server.env }));
      const { key } = await s3.put(Buffer.from('in the bucket'), { prefix: 'files', type: 'text/plain' });
      expect(await text(s3, key)).toBe('in the bucket');
      s3.close();
      const files = createStorage(parseEnv({ DATA_DIR: dataDir }));
      expect(await files.exists(key)).toBe(false);
      const local = await files.put(Buffer.from('on disk'), { prefix: 'files', type: 'text/plain' });
      expect(await text(createFileStorage(join(dataDir, 'files')), local.key)).toBe('on disk');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
