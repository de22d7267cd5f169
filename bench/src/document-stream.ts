// The API server's resident memory while a 50 MB document goes up (POST /api/documents, multipart) and comes back
// down (a full GET and a Range GET of 20 MB), in rounds. Goal: RSS grows by less than 20 MB in each phase: uploads
// stream to storage and downloads stream from it, whatever the file's size.
// The API runs as its own process (the demo data, the embedded default; with DATABASE_URL on a fresh database of
// that PostgreSQL server); its VmRSS is sampled every 20 ms from a worker thread. The file is generated while it is
// sent (a PDF by its content: `%PDF-1.7` ... `%%EOF`, random bytes between) and the downloads are hashed while they
// arrive, so this process holds neither.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench document-stream  (DATABASE_URL=... for PostgreSQL, else PGlite;
// ROUNDS (3), FILE_MB (50))
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { mulberry32 } from '../../apps/api/src/demo/random.ts';
import { benchDatabase } from './bench-database.ts';
import { jsonGetter, signInDemo } from './demo-client.ts';
import { sampleRss, serverProcess } from './rss-sampler.ts';
import { startBenchServer } from './server.ts';

const MB = 1024 * 1024;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FILE_MB = Number(process.env.FILE_MB ?? 50);
const GOAL_MB = 20;
const CHUNK = 64 * 1024;
/** Idle time before a phase, so its baseline is not the tail of the previous one. */
const SETTLE_MS = 1500;

type Sampler = ReturnType<typeof sampleRss>;

interface Phase {
  baseMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
}

const database = await benchDatabase();
// DOCUMENT_MAX_MB is the documented per-file limit (default 100): raised only when the file would not fit.
const server = await startBenchServer({
  ...database.env,
  DOCUMENT_MAX_MB: String(Math.max(100, Math.ceil(FILE_MB) + 1)),
});
let rss: ReturnType<typeof sampleRss> | undefined;
try {
  const serverPid = serverProcess(server.pid, Number(new URL(server.url).port));
  rss = sampleRss(serverPid);
  const cookie = await signInDemo(server.url);
  const installationId = await firstInstallation(server.url, cookie);
  console.log(`${database.label}, server pid ${serverPid}, installation ${installationId}`);

  // Warm-up: the same calls with a small file, so the phases below measure the file, not code loaded on first use.
  await roundTrip(rss, server.url, cookie, installationId, MB, 1);

  const upload: Phase[] = [];
  const download: Phase[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const trip = await roundTrip(rss, server.url, cookie, installationId, FILE_MB * MB, round + 2);
    upload.push(trip.upload);
    download.push(trip.download);
    console.log(
      `round ${round + 1}: upload ${describe(trip.upload)}; download (full GET, then Range ${trip.rangeMb.toFixed(0)} MB) ${describe(trip.download)}`,
    );
  }
  console.log(`samples taken: ${rss.samples()} (every 20 ms)`);
  for (const [name, phases] of [
    ['upload', upload],
    ['download', download],
  ] as const) {
    const worst = Math.max(...phases.map((phase) => phase.growthMb));
    console.log(
      `${name} of ${FILE_MB} MB: RSS growth ${phases.map((phase) => phase.growthMb.toFixed(1)).join(', ')} MB over ${ROUNDS} rounds; ` +
        `goal < ${GOAL_MB} MB: ${worst < GOAL_MB ? 'pass' : 'FAIL'}`,
    );
  }
} finally {
  await rss?.stop();
  await server.stop();
  await database.drop();
}

function describe(phase: Phase) {
  return `+${phase.growthMb.toFixed(1)} MB (${phase.baseMb.toFixed(1)} -> ${phase.peakMb.toFixed(1)} MB, ${phase.seconds.toFixed(1)} s)`;
}

/** Uploads a generated PDF of `size` bytes, then downloads it whole and a range of it, each checked by SHA-256. */
async function roundTrip(
  rss: Sampler,
  url: string,
  cookie: string,
  installationId: number,
  size: number,
  seed: number,
) {
  const rangeStart = Math.floor(size * 0.15) + 13;
  const rangeEnd = Math.min(size - 1, rangeStart + Math.floor(size * 0.4));
  const file = generatedPdf(size, seed, [rangeStart, rangeEnd]);

  const uploadPhase = await measured(rss, () => uploadDocument(url, cookie, installationId, size, file.chunks()));
  const { id, size: storedSize } = uploadPhase.result;
  if (storedSize !== size) throw new Error(`the upload stored ${storedSize} bytes of ${size}`);
  const expected = file.digests();

  const downloadPhase = await measured(rss, async () => {
    const full = await get(`${url}/api/documents/${id}`, cookie);
    if (full.status !== 200 || full.bytes !== size || full.sha256 !== expected.full)
      throw new Error(`full GET: ${full.status}, ${full.bytes} bytes, sha256 ${full.sha256} (want ${expected.full})`);
    if (full.etag !== `"${expected.full}"`) throw new Error(`full GET: ETag ${full.etag}`);
    const range = await get(`${url}/api/documents/${id}`, cookie, `bytes=${rangeStart}-${rangeEnd}`);
    const want = rangeEnd - rangeStart + 1;
    if (range.status !== 206 || range.bytes !== want || range.sha256 !== expected.range)
      throw new Error(`Range GET: ${range.status}, ${range.bytes} bytes of ${want}, sha256 ${range.sha256}`);
    if (range.contentRange !== `bytes ${rangeStart}-${rangeEnd}/${size}`)
      throw new Error(`Range GET: Content-Range ${range.contentRange}`);
  });
  return { upload: uploadPhase.phase, download: downloadPhase.phase, rangeMb: (rangeEnd - rangeStart + 1) / MB };
}

/** Runs `work` after the server has been idle for SETTLE_MS; the growth is the peak RSS during it over the RSS before. */
async function measured<T>(rss: Sampler, work: () => Promise<T>): Promise<{ result: T; phase: Phase }> {
  await sleep(SETTLE_MS);
  const base = rss.current();
  rss.resetPeak();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  // One more sampling interval, so a peak at the very end is seen.
  await sleep(60);
  const peak = rss.peak();
  return {
    result,
    phase: { baseMb: base / 1024, peakMb: peak / 1024, growthMb: (peak - base) / 1024, seconds },
  };
}

/**
 * A PDF by its content of exactly `size` bytes: the header, random bytes from a seeded generator, the end marker.
 * `chunks()` may be read once; `digests()` then holds the SHA-256 of the whole and of the range, hashed on the way.
 */
function generatedPdf(size: number, seed: number, [rangeStart, rangeEnd]: [number, number]) {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstream\n', 'latin1');
  const tail = Buffer.from('\nendstream\n%%EOF\n', 'latin1');
  const full = createHash('sha256');
  const range = createHash('sha256');
  let digests: { full: string; range: string } | undefined;
  return {
    async *chunks(): AsyncGenerator<Buffer> {
      const random = mulberry32(seed);
      let offset = 0;
      const emit = (chunk: Buffer) => {
        full.update(chunk);
        const from = Math.max(rangeStart, offset);
        const to = Math.min(rangeEnd + 1, offset + chunk.length);
        if (from < to) range.update(chunk.subarray(from - offset, to - offset));
        offset += chunk.length;
        return chunk;
      };
      yield emit(head);
      while (offset < size - tail.length) {
        const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - tail.length - offset));
        for (let i = 0; i < chunk.length; i += 1) chunk[i] = (random() * 256) | 0;
        yield emit(chunk);
      }
      yield emit(tail);
      digests = { full: full.digest('hex'), range: range.digest('hex') };
    },
    digests() {
      if (!digests) throw new Error('the file was not sent whole');
      return digests;
    },
  };
}

/** POST /api/documents as a browser's FormData sends it: the fields, then the file, written as it is generated. */
async function uploadDocument(
  url: string,
  cookie: string,
  installationId: number,
  size: number,
  chunks: AsyncIterable<Buffer>,
): Promise<{ id: number; size: number }> {
  const boundary = `----rope-bench-${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const preamble = Buffer.from(
    field('targetType', 'installation') +
      field('targetId', String(installationId)) +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bench-${size}.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = request(`${url}/api/documents`, {
    method: 'POST',
    headers: {
      cookie,
      origin: url,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': preamble.length + size + epilogue.length,
    },
  });
  const answer = once(req, 'response') as Promise<[IncomingMessage]>;
  // An early answer (a refusal) ends the wait for drain as well.
  answer.catch(() => {});
  const write = async (chunk: Buffer) => {
    if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer]);
  };
  await write(preamble);
  for await (const chunk of chunks) await write(chunk);
  req.end(epilogue);
  const [response] = await answer;
  const body = await text(response);
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${body}`);
  const document = (JSON.parse(body) as { documents: { id: number; size: number }[] }).documents[0];
  if (!document) throw new Error(`upload answered no document: ${body}`);
  return document;
}

/** A GET whose body is counted and hashed as it arrives, never held. */
async function get(url: string, cookie: string, range?: string) {
  const req = request(url, { headers: { cookie, ...(range ? { range } : {}) } });
  req.end();
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return {
    status: response.statusCode,
    bytes,
    sha256: hash.digest('hex'),
    etag: response.headers.etag,
    contentRange: response.headers['content-range'],
  };
}

async function text(response: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of response) body += chunk;
  return body;
}

/** An installation the demo admin may upload to: the first of the first area (lists leave archived ones out). */
async function firstInstallation(url: string, cookie: string): Promise<number> {
  const getJson = jsonGetter(url, cookie);
  const { areas } = await getJson<{ areas: { id: number }[] }>('/api/areas');
  for (const area of areas) {
    const { installations } = await getJson<{ installations: { id: number }[] }>(`/api/areas/${area.id}/installations`);
    if (installations[0]) return installations[0].id;
  }
  throw new Error('the demo data holds no installation');
}
