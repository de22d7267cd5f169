import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { StorageBody } from './types.ts';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Writes the body to `path`, counting and hashing it on the way: a stream is never held whole in memory. */
export async function writeCounted(body: StorageBody, path: string): Promise<{ size: number; checksum: string }> {
  if (body instanceof Uint8Array) {
    await writeFile(path, body);
    return { size: body.length, checksum: sha256(body) };
  }
  const hash = createHash('sha256');
  let size = 0;
  // Opened before anything can fail: a body refused at once (a TRUscan trace whose file is refused) otherwise leaves
  // the file to be created after the caller's clean-up has run, an orphan `.incoming` in the store.
  const file = createWriteStream(path);
  await once(file, 'open');
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer | string>) {
      for await (const chunk of source) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        yield bytes;
      }
    },
    file,
  );
  return { size, checksum: hash.digest('hex') };
}
