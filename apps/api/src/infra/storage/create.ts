import { join, resolve } from 'node:path';
import type { Env } from '../../env.ts';
import { createFileStorage } from './filesystem.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './types.ts';

/** The store the settings ask for: files under DATA_DIR/files, or the S3-compatible bucket of STORAGE_S3_*. */
export function createStorage(env: Env): Storage {
  if (env.STORAGE_DRIVER === 'filesystem') return createFileStorage(join(resolve(env.DATA_DIR), 'files'));
  const id = env.STORAGE_S3_ACCESS_KEY_ID;
  const secret = env.STORAGE_S3_SECRET_ACCESS_KEY;
  return createS3Storage({
    bucket: env.STORAGE_S3_BUCKET!,
    region: env.STORAGE_S3_REGION,
    endpoint: env.STORAGE_S3_ENDPOINT,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE ?? env.STORAGE_S3_ENDPOINT !== undefined,
    keyPrefix: env.STORAGE_S3_KEY_PREFIX,
  });
}
