import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';

export interface Storage {
  /** Stores bytes under a generated key (never a client path) and answers the key. */
  put(bytes: Uint8Array, options?: { extension?: string; prefix?: string }): Promise<string>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

export function createFileStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(bytes, options = {}) {
      const extension = (options.extension ?? '').replace(/^\./, '').toLowerCase();
      if (extension && !/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Invalid extension: ${extension}`);
      const prefix = options.prefix ?? 'files';
      const key = `${prefix}/${randomUUID()}${extension ? `.${extension}` : ''}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      return key;
    },
    get: (key) => readFile(pathOf(key)),
    async exists(key) {
      try {
        await stat(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}

export function extensionOf(fileName: string): string {
  return extname(fileName).replace('.', '').toLowerCase();
}
