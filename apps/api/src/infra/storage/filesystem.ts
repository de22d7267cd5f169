import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { assertStorageKey, boundedRange, newStorageKey, type Storage, type StoredObject } from './types.ts';
import { writeCounted } from './write-counted.ts';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * Files under `root`, each with a `<key>.meta.json` beside it holding size, type and checksum. A file stored before
 * metadata was kept gets it on its first read (size from the file, type from its content).
 */
export function createFileStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, assertStorageKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  const metaPathOf = (key: string) => `${pathOf(key)}.meta.json`;

  async function readMeta(key: string): Promise<StoredObject | undefined> {
    try {
      const meta = JSON.parse(await readFile(metaPathOf(key), 'utf8')) as Partial<StoredObject>;
      if (typeof meta.size === 'number' && typeof meta.type === 'string' && typeof meta.checksum === 'string')
        return { key, size: meta.size, type: meta.type, checksum: meta.checksum };
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return undefined;
  }

  async function deriveMeta(key: string): Promise<StoredObject | undefined> {
    const path = pathOf(key);
    const info = await stat(path).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!info?.isFile()) return undefined;
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    const type = (await fileTypeFromFile(path))?.mime ?? 'application/octet-stream';
    const object = { key, size: info.size, type, checksum: hash.digest('hex') };
    await writeFile(metaPathOf(key), JSON.stringify(object));
    return object;
  }

  const head = async (key: string) => (await readMeta(key)) ?? (await deriveMeta(key));

  return {
    async put(body, options) {
      const key = newStorageKey(options);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const incoming = `${path}.incoming`;
      try {
        const { size, checksum } = await writeCounted(body, incoming);
        const object = { key, size, type: options.type, checksum };
        // The metadata lands first: whoever sees the file finds its metadata.
        await writeFile(metaPathOf(key), JSON.stringify(object));
        await rename(incoming, path);
        return object;
      } catch (error) {
        await rm(incoming, { force: true });
        await rm(metaPathOf(key), { force: true });
        throw error;
      }
    },
    head,
    async get(key, range) {
      const object = await head(key);
      if (!object) return undefined;
      const bounds = range ? boundedRange(key, object.size, range) : undefined;
      const handle = await open(pathOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      return { object, body: handle.createReadStream(bounds ?? {}) };
    },
    async exists(key) {
      const info = await stat(pathOf(key)).catch(() => undefined);
      return info?.isFile() ?? false;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
      await rm(metaPathOf(key), { force: true });
    },
    close() {},
  };
}
