import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { OFFSET } from '@rope/domain/mrt/mea/layout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { WORKER_MIN_BYTES } from './trace-decoder.ts';

// Memory stays flat however many large TRUscan files an upload holds only while each file streams to storage and
// its trace is decoded piece by piece: these checks hold the client back halfway through a file and expect storage
// to have most of the first half already, and a file refused by its header to be answered before the rest is sent.
// A route that read each file whole first (toBuffer) would wait for the rest and fail here. The 4 x 65 MB figures:
// bench truscan-upload.
const WAIT_MS = 5000;
const BOUNDARY = '----rope-mea-streaming';

/** Resolves true when `condition` holds, polled every 10 ms, or false after WAIT_MS. */
async function eventually(condition: () => boolean): Promise<boolean> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

async function bodyOf(response: IncomingMessage) {
  let body = '';
  for await (const chunk of response) body += chunk;
  return body;
}

/** Threads of this process at the given nice value (Linux: the nice value is each thread's own). */
function threadsAtNice(nice: number): number {
  if (process.platform !== 'linux') return 0;
  return readdirSync('/proc/self/task').filter((tid) => {
    const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[16]) === nice;
  }).length;
}

describe('TRUscan files stream to storage', () => {
  const loopNice = getPriority();
  const belowBefore = threadsAtNice(Math.min(19, loopNice + 10));
  let t: TestApp;
  let cookie: string;
  let origin: string;
  let ropeId: number;

  beforeAll(async () => {
    t = await createTestApp({ TRUSCAN_FILE_MAX_MB: '8' });
    const cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    ropeId = (await seedRope(t.ctx.db, installation.id)).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    cookie = cast.cookies.client!;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Starts an upload of one file whose body is `length` bytes long in all; the caller writes the bytes. */
  const start = (fileLength: number): { req: ClientRequest; preamble: Buffer; epilogue: Buffer } => {
    const preamble = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="run.mea"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const epilogue = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const req = request(`${origin}/api/ropes/${ropeId}/events/upload/truscan`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': preamble.length + fileLength + epilogue.length,
      },
    });
    req.on('error', () => {});
    return { req, preamble, epilogue };
  };

  it('stores the first half of a file, and its trace, before the client has sent the second', async () => {
    // Four channels at 12 bits and 5 mm: about 3.6 MB.
    const bytes = Buffer.from(generateMea({ bitDepth: 12, lengthM: 3000, seed: 5 }).bytes);
    const half = bytes.length >> 1;
    const put = t.ctx.storage.put;
    const stored: Record<string, number> = {};
    t.ctx.storage.put = (body, options) => {
      stored[options.prefix] = 0;
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body instanceof Uint8Array ? [body] : (body as AsyncIterable<Buffer>)) {
            stored[options.prefix]! += chunk.length;
            yield chunk;
          }
        })(),
      );
      return put(counted, options);
    };
    try {
      const { req, preamble, epilogue } = start(bytes.length);
      const answer = once(req, 'response') as Promise<[IncomingMessage]>;
      req.write(Buffer.concat([preamble, bytes.subarray(0, half)]));
      const streamed = await eventually(() => (stored.truscan ?? 0) >= half / 2 && (stored['truscan-traces'] ?? 0) > 0);
      const storedEarly = { ...stored };
      req.end(Buffer.concat([bytes.subarray(half), epilogue]));
      const [response] = await answer;
      const body = await bodyOf(response);
      expect(response.statusCode, body).toBe(200);
      expect(JSON.parse(body).measurements[0]).toMatchObject({ bitDepth: 12, channelCount: 4, isNew: true });
      expect(stored.truscan).toBe(bytes.length);
      expect(streamed, `storage held ${JSON.stringify(storedEarly)} before the second half was sent`).toBe(true);
    } finally {
      t.ctx.storage.put = put;
    }
  });

  it('refuses a file by its header, before the rest of it is sent', async () => {
    // A header that promises 3,000,000 samples of four 24-bit channels (36 MB), over TRUSCAN_FILE_MAX_MB.
    const bytes = Buffer.from(generateMea({ bitDepth: 24, lengthM: 200, seed: 6, flaws: [] }).bytes);
    bytes.writeUInt32LE(3_000_000, OFFSET.sampleCount);
    const { req, preamble } = start(64 + 3_000_000 * 4 * 3);
    const answer = once(req, 'response') as Promise<[IncomingMessage]>;
    req.write(Buffer.concat([preamble, bytes.subarray(0, 256 * 1024)]));
    let response: IncomingMessage | undefined;
    answer.then(([answered]) => {
      response = answered;
    });
    const early = await eventually(() => response !== undefined);
    req.destroy();
    expect(early, 'no answer while the client held back the rest of the file').toBe(true);
    expect(response!.statusCode).toBe(413);
    expect(JSON.parse(await bodyOf(response!))).toMatchObject({ key: 'app.errors.meaTooLarge' });
  });

  it('refuses a large file damaged in transit (found on the decoding thread) and keeps nothing of it', async () => {
    const bytes = Buffer.from(generateMea({ bitDepth: 24, lengthM: 600, seed: 8, flaws: [] }).bytes);
    expect(bytes.length).toBeGreaterThan(WORKER_MIN_BYTES);
    bytes[bytes.length >> 1]! ^= 1;
    const before = await storedKeys(t.dataDir);
    const { req, preamble, epilogue } = start(bytes.length);
    const answer = once(req, 'response') as Promise<[IncomingMessage]>;
    req.end(Buffer.concat([preamble, bytes, epilogue]));
    const [response] = await answer;
    const body = JSON.parse(await bodyOf(response));
    expect(response.statusCode, JSON.stringify(body)).toBe(422);
    expect(body).toMatchObject({ key: 'app.errors.meaChecksum', params: { name: 'run.mea' } });
    expect(await storedKeys(t.dataDir)).toEqual(before);
  });

  it.runIf(process.platform === 'linux')('decodes on a thread ten nice steps below the event loop', () => {
    expect(threadsAtNice(Math.min(19, loopNice + 10))).toBeGreaterThan(belowBefore);
    expect(getPriority()).toBe(loopNice);
  });
});

/** Every stored object under the data directory's files, for a check that a refusal left none behind. */
async function storedKeys(dataDir: string) {
  const files = await readdir(join(dataDir, 'files'), { recursive: true }).catch(() => []);
  return files.filter((file) => file.includes('truscan')).sort();
}
