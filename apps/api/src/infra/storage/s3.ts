import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  newStorageKey,
  type Storage,
  type StorageBody,
  type StoredObject,
  UnsatisfiableRangeError,
} from './types.ts';
import { sha256, writeCounted } from './write-counted.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, a cloud's object storage); AWS itself when absent. */
  endpoint?: string;
  /** Both or neither: without them the SDK's own chain answers (AWS_* variables, instance or pod roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Put in front of every key, so one bucket can serve several installations (e.g. `cockpit/`). */
  keyPrefix?: string;
}

const CHECKSUM_FIELD = 'sha256';

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException
    ? error.$metadata.httpStatusCode
    : (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The same contract as the filesystem, on a bucket: the metadata travels as the object's type and `x-amz-meta-sha256`. */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums the SDK adds by default travel in aws-chunked trailers that S3-compatible servers often refuse;
    // the object's own SHA-256 is sent and kept instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.keyPrefix ?? ''}${assertStorageKey(key)}`;

  const toObject = (
    key: string,
    output: { ContentLength?: number; ContentType?: string; Metadata?: Record<string, string>; ETag?: string },
    size = output.ContentLength ?? 0,
  ): StoredObject => ({
    key,
    size,
    type: output.ContentType ?? 'application/octet-stream',
    // An object written by another tool has no SHA-256 of ours: its ETag still names its content.
    checksum: output.Metadata?.[CHECKSUM_FIELD] ?? (output.ETag ?? '').replaceAll('"', ''),
  });

  async function head(key: string) {
    try {
      return toObject(key, await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) })));
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async function send(key: string, body: Uint8Array | Readable, size: number, checksum: string, type: string) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: objectKey(key),
        Body: body,
        ContentLength: size,
        ContentType: type,
        ChecksumSHA256: Buffer.from(checksum, 'hex').toString('base64'),
        Metadata: { [CHECKSUM_FIELD]: checksum },
      }),
    );
  }

  /** A stream is written to a temporary file first: S3 needs its length before the first byte. */
  async function putStream(key: string, body: Exclude<StorageBody, Uint8Array>, type: string) {
    const dir = await mkdtemp(join(tmpdir(), 'rope-upload-'));
    try {
      const path = join(dir, 'body');
      const { size, checksum } = await writeCounted(body, path);
      await send(key, createReadStream(path), size, checksum, type);
      return { key, size, type, checksum };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    async put(body, options) {
      const key = newStorageKey(options);
      if (!(body instanceof Uint8Array)) return putStream(key, body, options.type);
      const checksum = sha256(body);
      await send(key, body, body.length, checksum, options.type);
      return { key, size: body.length, type: options.type, checksum };
    },
    head,
    async get(key, range) {
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      try {
        const output = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range }));
        const total = Number(output.ContentRange?.split('/')[1]);
        const object = toObject(key, output, Number.isFinite(total) ? total : output.ContentLength);
        const body = output.Body as Readable;
        // Some S3-compatible servers answer a range on an empty object with the empty object.
        if (range && range.start >= object.size) {
          body.destroy();
          throw new UnsatisfiableRangeError(key, object.size);
        }
        return { object, body };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return undefined;
        if (status === 416) throw new UnsatisfiableRangeError(key, (await head(key))?.size ?? 0);
        throw error;
      }
    },
    async exists(key) {
      return (await head(key)) !== undefined;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    close: () => client.destroy(),
  };
}
