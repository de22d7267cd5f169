import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Memory stays flat however large a document is only while both directions stream: these checks hold the other end
// back halfway and expect bytes to have moved already. A route that collected the file first (toBuffer, reading the
// whole object before answering) would wait for the rest and fail here. The 50 MB figures: bench document-stream.
const HALF = 512 * 1024;
const WAIT_MS = 5000;

/** A PDF by its content: the header, then filler, in two halves of HALF bytes. */
const halves = () => {
  const first = Buffer.alloc(HALF, 0x20);
  first.write('%PDF-1.7\n');
  const second = Buffer.alloc(HALF, 0x20);
  second.write('%%EOF\n', HALF - 6);
  return [first, second] as const;
};

/** Resolves true when `condition` holds, polled every 10 ms, or false after WAIT_MS. */
async function eventually(condition: () => boolean): Promise<boolean> {
  const deadline = Date.now() + WAIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe('documents stream both ways', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let origin: string;
  let installationId: number;

  beforeAll(async () => {
    t = await createTestApp({ DOCUMENT_MAX_MB: '2' });
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    installationId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('stores the first half of an upload before the client has sent the second', async () => {
    const put = t.ctx.storage.put;
    let stored = 0;
    t.ctx.storage.put = (body, options) => {
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body as AsyncIterable<Buffer>) {
            stored += chunk.length;
            yield chunk;
          }
        })(),
      );
      return put(counted, options);
    };
    try {
      const boundary = '----rope-streaming';
      const preamble = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="targetType"\r\n\r\ninstallation\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="targetId"\r\n\r\n${installationId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n\r\n`,
      );
      const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
      const [first, second] = halves();
      const req = request(`${origin}/api/documents`, {
        method: 'POST',
        headers: {
          cookie: cast.cookies.client ?? '',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': preamble.length + 2 * HALF + epilogue.length,
        },
      });
      const answer = once(req, 'response') as Promise<[IncomingMessage]>;
      req.write(Buffer.concat([preamble, first]));
      // Half of the file has left; storage must have most of it before the rest is sent.
      const streamed = await eventually(() => stored >= HALF / 2);
      const storedEarly = stored;
      req.end(Buffer.concat([second, epilogue]));
      const [response] = await answer;
      let body = '';
      for await (const chunk of response) body += chunk;
      expect(response.statusCode, body).toBe(200);
      expect(JSON.parse(body).documents[0]).toMatchObject({ size: 2 * HALF, mimeType: 'application/pdf' });
      expect(streamed, `storage held ${storedEarly} bytes before the second half was sent`).toBe(true);
    } finally {
      t.ctx.storage.put = put;
    }
  });

  it('sends the first bytes of a download before storage has read the rest', async () => {
    const [first, second] = halves();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: {
        cookie: cast.cookies.client ?? '',
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload: Buffer.concat([
        Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="targetType"\r\n\r\ninstallation\r\n` +
            `--b\r\nContent-Disposition: form-data; name="targetId"\r\n\r\n${installationId}\r\n` +
            `--b\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n\r\n`,
        ),
        first,
        second,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json().documents[0].id;

    const get = t.ctx.storage.get;
    let release = () => {};
    let gate = Promise.resolve();
    // Storage hands out its first chunk, then holds the rest back until the test lets it go.
    t.ctx.storage.get = async (key, range) => {
      const found = await get(key, range);
      if (!found) return found;
      const held = gate;
      const body = Readable.from(
        (async function* () {
          let first = true;
          for await (const chunk of found.body as AsyncIterable<Buffer>) {
            yield chunk;
            if (first) await held;
            first = false;
          }
        })(),
      );
      return { ...found, body };
    };
    try {
      for (const range of [undefined, 'bytes=100-']) {
        gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const req = request(`${origin}/api/documents/${id}`, {
          headers: { cookie: cast.cookies.client ?? '', ...(range ? { range } : {}) },
        });
        req.end();
        let received = 0;
        const answered = (once(req, 'response') as Promise<[IncomingMessage]>).then(([response]) => {
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
          });
          return response;
        });
        // A server that collected the file first would not even have sent its headers by now.
        const streamed = await eventually(() => received > 0);
        release();
        const response = await answered;
        if (!response.readableEnded) await once(response, 'end');
        expect(response.statusCode).toBe(range ? 206 : 200);
        expect(received).toBe(range ? 2 * HALF - 100 : 2 * HALF);
        expect(streamed, `${range ?? 'full GET'}: nothing arrived while storage held the rest back`).toBe(true);
      }
    } finally {
      t.ctx.storage.get = get;
    }
  });
});
