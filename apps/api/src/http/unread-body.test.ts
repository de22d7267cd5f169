import { connect, type Socket } from 'node:net';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

// A refused upload must leave its connection usable: over a real socket, the refused request's body is sent whole
// (megabytes, far more than the server buffers before it answers), then the next request on the same connection
// must be answered at once, or the server must have said `Connection: close` and closed the connection cleanly.
// Before the fix the next request of most of these cases was never read: the multipart parser had stopped reading
// the body, and the server reset the connection about 73 s later.
const BIG = 4 * 1024 * 1024;
const NEXT_WITHIN_MS = 2000;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection written and read as raw HTTP/1.1. */
class Connection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  ended = false;
  error: Error | undefined;

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', (error) => {
      this.error = error;
      this.wake();
    });
  }

  static async open(port: number) {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new Connection(socket);
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  private async until(condition: () => boolean, deadline: number) {
    while (!condition()) {
      if (this.ended || this.error) return false;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  /** The next answer on the connection, or undefined if none came within `ms` (or the connection ended). */
  async read(ms: number): Promise<Answer | undefined> {
    const deadline = Date.now() + ms;
    if (!(await this.until(() => this.buffer.includes('\r\n\r\n'), deadline))) return undefined;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine!.split(' ')[1]);
    let at = headEnd + 4;
    let body = Buffer.alloc(0);
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        if (!(await this.until(() => this.buffer.indexOf('\r\n', at) >= 0, deadline))) return undefined;
        const lineEnd = this.buffer.indexOf('\r\n', at);
        const size = Number.parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        const end = lineEnd + 2 + size + 2;
        if (!(await this.until(() => this.buffer.length >= end, deadline))) return undefined;
        body = Buffer.concat([body, this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size)]);
        at = end;
        if (size === 0) break;
      }
    } else {
      const end = at + Number(headers['content-length'] ?? 0);
      if (!(await this.until(() => this.buffer.length >= end, deadline))) return undefined;
      body = this.buffer.subarray(at, end);
      at = end;
    }
    this.buffer = this.buffer.subarray(at);
    return { status, headers, body: body.toString('utf8') };
  }

  /** True once the server has ended the connection (FIN, not a reset), within `ms`. */
  async endsWithin(ms: number) {
    await this.until(() => false, Date.now() + ms);
    return this.ended;
  }
}

interface Refusal {
  name: string;
  method?: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Content-Length as declared, when it should differ from the bytes sent (a client that would send more). */
  declared?: number;
  /** The refusal expected (either where more than one is right, e.g. by a header or by the length). */
  status: number | number[];
}

const BOUNDARY = '----rope-unread-body';

function multipartBody(fields: Record<string, string>, file: { filename: string; content: Buffer }) {
  const head = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(
      `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Bytes of no accepted type by content, of `size` bytes: markup, which no upload takes. */
const markup = (size = BIG) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('<html><script>alert(1)</script>');
  return bytes;
};
/** A PNG header and then nothing but noise: an image by its first bytes, broken after. */
const brokenPng = (size = BIG) => {
  const bytes = Buffer.alloc(size, 0x41);
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(bytes);
  return bytes;
};

function rawRequest(refusal: Refusal) {
  const headers = {
    host: '127.0.0.1',
    'content-length': String(refusal.declared ?? refusal.body.length),
    ...refusal.headers,
  };
  const head = `${refusal.method ?? 'POST'} ${refusal.url} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), refusal.body]);
}

describe('a refused request leaves its connection usable', () => {
  let t: TestApp;
  let port: number;
  const refusals: Refusal[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DOCUMENT_MAX_MB: '2', TRUSCAN_FILE_MAX_MB: '2' });
    const cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    const rope = await seedRope(t.ctx.db, installation.id);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    const manager = await cast.add('manager', ['ROLE_PROJECT_MANAGER'], []);
    const { key } = await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL');
    const signedIn = { cookie: cast.cookies.admin! };
    const multipart = (fields: Record<string, string>, content: Buffer, filename = 'upload.bin') => ({
      headers: { ...signedIn, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody(fields, { filename, content }),
    });
    const asManager = (fields: Record<string, string>, content: Buffer) => {
      const request = multipart(fields, content);
      return { ...request, headers: { ...request.headers, cookie: cast.cookies.manager! } };
    };
    const noTarget = 2_000_000_000;
    const mea = Buffer.from(generateMea({ bitDepth: 12, seed: 7, lengthM: 4 }).bytes);
    const meaHeaderOnly = Buffer.concat([mea.subarray(0, 64), Buffer.alloc(BIG, 0x11)]);
    const target = { targetType: 'installation', targetId: String(installation.id) };
    refusals.push(
      { name: 'document of no accepted type', url: '/api/documents', ...multipart(target, markup()), status: 415 },
      {
        name: 'document for a target that does not exist',
        url: '/api/documents',
        ...multipart({ targetType: 'installation', targetId: String(noTarget) }, markup()),
        status: 404,
      },
      {
        name: 'document over DOCUMENT_MAX_MB',
        url: '/api/documents',
        ...multipart(target, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(BIG)])),
        status: 413,
      },
      {
        name: 'habel document of no accepted type',
        method: 'PUT',
        url: '/api/habel/installations/1/documents/K-1',
        ...multipart({ name: 'x.pdf', location: 'ENU' }, markup()),
        headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        status: 404,
      },
      {
        name: 'profile picture that is no image',
        url: `/api/users/${manager.id}/picture`,
        ...asManager({}, markup(1024 * 1024)),
        status: 415,
      },
      {
        name: 'profile picture over 2 MB',
        url: `/api/users/${manager.id}/picture`,
        ...asManager({}, brokenPng()),
        status: 413,
      },
      {
        name: 'profile picture of a user that does not exist',
        url: `/api/users/${noTarget}/picture`,
        ...multipart({}, brokenPng()),
        status: 404,
      },
      {
        name: 'map image that is no clean image',
        url: `/api/installations/${installation.id}/map-image`,
        ...multipart({}, brokenPng()),
        status: 415,
      },
      {
        name: 'map image of an installation that does not exist',
        url: `/api/installations/${noTarget}/map-image`,
        ...multipart({}, brokenPng()),
        status: 404,
      },
      {
        name: 'tasks CSV that is no text',
        url: `/api/ropes/${rope.id}/tasks/upload`,
        ...multipart({}, brokenPng(1024 * 1024)),
        status: 415,
      },
      {
        name: 'tasks CSV over its limit',
        url: `/api/ropes/${rope.id}/tasks/upload`,
        ...multipart({}, markup()),
        status: 413,
      },
      {
        name: 'tasks CSV over its limit for a rope that does not exist (the rope is looked up before the file is read)',
        url: `/api/ropes/${noTarget}/tasks/upload`,
        ...multipart({}, markup()),
        status: 404,
      },
      {
        name: 'tasks CSV of several ropes that is no text',
        url: '/api/ropes/tasks/upload',
        ...multipart({}, brokenPng(1024 * 1024)),
        status: 415,
      },
      {
        name: 'TRUscan file that is no .mea',
        url: `/api/ropes/${rope.id}/events/upload/truscan`,
        ...multipart({}, brokenPng(1536 * 1024), 'run.mea'),
        status: 415,
      },
      {
        name: 'TRUscan file longer than its header promises and than TRUSCAN_FILE_MAX_MB',
        url: `/api/ropes/${rope.id}/events/upload/truscan`,
        ...multipart({}, meaHeaderOnly, 'run.mea'),
        status: [413, 422],
      },
      {
        name: 'TRUscan file for a rope that does not exist',
        url: `/api/ropes/${noTarget}/events/upload/truscan`,
        ...multipart({}, mea, 'run.mea'),
        status: 404,
      },
      {
        name: 'inspection XML without a session',
        url: '/api/events/import/parse',
        headers: { 'content-type': 'application/xml' },
        body: Buffer.alloc(BIG, 0x20),
        status: 401,
      },
      {
        name: 'inspection XML over its limit',
        url: '/api/events/import/parse',
        headers: { ...signedIn, 'content-type': 'application/xml' },
        body: Buffer.alloc(6 * 1024 * 1024, 0x20),
        status: 413,
      },
      {
        name: 'JSON event from another site (refused before the body is read)',
        url: '/api/events',
        headers: { ...signedIn, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: Buffer.alloc(BIG, 0x20),
        status: 403,
      },
      {
        name: 'area in a type no route reads',
        url: '/api/areas',
        headers: { ...signedIn, 'content-type': 'application/x-rope' },
        body: Buffer.alloc(BIG, 0x20),
        status: 415,
      },
      {
        name: 'JSON area over the body limit',
        url: '/api/areas',
        headers: { ...signedIn, 'content-type': 'application/json' },
        body: Buffer.alloc(BIG, 0x20),
        status: 413,
      },
      {
        name: 'sensor readings that are no readings',
        url: `/api/sensor-devices/${noTarget}/measurements`,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ measurements: [{ timestamp: 1, value: 1 }], pad: ' '.repeat(BIG) })),
        status: 400,
      },
      {
        name: 'document refused while the client would send a gigabyte more',
        url: '/api/documents',
        ...multipart(target, markup()),
        declared: 1024 * 1024 * 1024,
        status: 415,
      },
      {
        name: 'JSON from another site while the client would send a gigabyte more',
        url: '/api/events',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: Buffer.alloc(1024 * 1024, 0x20),
        declared: 1024 * 1024 * 1024,
        status: 403,
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers the next request at once, or closes the connection cleanly after saying so', async () => {
    const failures: string[] = [];
    for (const refusal of refusals) {
      const connection = await Connection.open(port);
      try {
        connection.socket.write(rawRequest(refusal));
        const first = await connection.read(15_000);
        if (!first || ![refusal.status].flat().includes(first.status)) {
          failures.push(`${refusal.name}: answered ${first?.status ?? 'nothing'} ${first?.body ?? ''}`);
          continue;
        }
        if (first.headers.connection === 'close') {
          if (!(await connection.endsWithin(NEXT_WITHIN_MS)))
            failures.push(`${refusal.name}: said Connection: close, then kept the connection open`);
          continue;
        }
        connection.socket.write('GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
        const started = Date.now();
        const next = await connection.read(NEXT_WITHIN_MS);
        if (next?.status !== 200)
          failures.push(
            `${refusal.name}: the next request on the connection ${next ? `answered ${next.status}` : `had no answer within ${Date.now() - started} ms`}${connection.error ? ` (${connection.error.message})` : ''}`,
          );
        if (refusal.declared !== undefined) failures.push(`${refusal.name}: kept the connection for a gigabyte`);
      } finally {
        connection.socket.destroy();
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
