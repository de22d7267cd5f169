import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What a store keeps beside the bytes: read back on every download for its headers. */
export interface StoredObject {
  key: string;
  size: number;
  /** The media type the upload was checked as, e.g. `image/png`. */
  type: string;
  /** SHA-256 of the bytes, hex: the download's ETag. */
  checksum: string;
}

/** Inclusive byte offsets; no `end` reads to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export type StorageBody = Uint8Array | Readable;

export interface PutOptions {
  /** A folder such as `pictures` or `maps`: lower-case letters, digits and dashes. */
  prefix: string;
  type: string;
  extension?: string;
}

/**
 * Where uploaded files live: the filesystem (embedded default) or an S3-compatible bucket (server mode). Keys are
 * generated here, never taken from a client, and checked on every read.
 */
export interface Storage {
  put(body: StorageBody, options: PutOptions): Promise<StoredObject>;
  head(key: string): Promise<StoredObject | undefined>;
  /** The object's bytes as a stream, or only `range` of them; undefined when there is no such object. */
  get(key: string, range?: ByteRange): Promise<{ object: StoredObject; body: Readable } | undefined>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets); nothing to do for files. */
  close(): void;
}

/** A range that starts at or after the object's end. */
export class UnsatisfiableRangeError extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`The range starts beyond the ${size} bytes of ${key}`);
  }
}

const KEY_PATTERN = /^[a-z0-9-]+\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;
const PREFIX_PATTERN = /^[a-z0-9-]+$/;
const EXTENSION_PATTERN = /^[a-z0-9]{1,8}$/;

export function newStorageKey({ prefix, extension }: { prefix: string; extension?: string }): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
  const suffix = (extension ?? '').replace(/^\./, '').toLowerCase();
  if (suffix && !EXTENSION_PATTERN.test(suffix)) throw new Error(`Invalid extension: ${suffix}`);
  return `${prefix}/${randomUUID()}${suffix ? `.${suffix}` : ''}`;
}

export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** The end of `range` within an object of `size` bytes, or the error when it starts beyond it. */
export function boundedRange(key: string, size: number, range: ByteRange): Required<ByteRange> {
  if (range.start >= size) throw new UnsatisfiableRangeError(key, size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The whole object in memory, for small files the server reads itself (demo data, checks). */
export async function readStored(storage: Storage, key: string): Promise<Buffer | undefined> {
  const found = await storage.get(key);
  if (!found) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
