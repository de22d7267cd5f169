// The API server's resident memory and /api/health latency while one upload of four TRUscan files of about 65 MB each
// goes up (POST /api/ropes/{id}/events/upload/truscan, multipart), in rounds. Goals: RSS grows by at most 64 MB
// however many files an upload holds (each file streams to storage, its trace decoded piece by piece), and the
// /api/health p99 over every sample of every round stays under 100 ms.
// The API runs as its own process (the demo data, the embedded default; with DATABASE_URL on a fresh database of that
// PostgreSQL server); its VmRSS is sampled every 20 ms from a worker thread; the probe is open-loop (one call every
// PROBE_MS whatever the previous did, each latency counted from its planned start), so a blocked event loop shows as
// many slow calls. The files are valid measurement files from the domain's generator (four channels, 12 bits, 5 mm);
// each round sends the four with new recording times, so each makes a new measurement.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench truscan-upload  (ROUNDS (3), FILES (4), FILE_MB (65))
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { MEA_HEADER_BYTES } from '@rope/domain/mrt/mea/format';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { OFFSET } from '@rope/domain/mrt/mea/layout';
import { benchDatabase } from './bench-database.ts';
import { health, jsonGetter, signInDemo } from './demo-client.ts';
import { percentile, verdict, watchMachine } from './machine.ts';
import { sampleRss, serverProcess } from './rss-sampler.ts';
import { startBenchServer } from './server.ts';

const MB = 1_000_000;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FILES = Number(process.env.FILES ?? 4);
const FILE_MB = Number(process.env.FILE_MB ?? 65);
const RSS_GOAL_MB = 64;
const P99_GOAL_MS = 100;
const PROBE_MS = 10;
const CHUNK = 256 * 1024;
/** Idle time before a round, so its baseline is not the tail of the previous one. */
const SETTLE_MS = 2000;

const probeAgent = new Agent({ keepAlive: true, maxSockets: 32 });

// Four channels of 12-bit values at 5 mm: 1,200 bytes a metre.
const base = generateMea({ bitDepth: 12, lengthM: Math.round((FILE_MB * MB) / 1200), seed: 17 }).bytes;
console.log(`generated a ${(base.length / MB).toFixed(1)} MB file (${(base.length / 1024 / 1024).toFixed(1)} MiB)`);

const database = await benchDatabase();
const server = await startBenchServer(database.env);
let rss: ReturnType<typeof sampleRss> | undefined;
try {
  const serverPid = serverProcess(server.pid, Number(new URL(server.url).port));
  rss = sampleRss(serverPid);
  const cookie = await signInDemo(server.url);
  const ropeId = await firstRope(server.url, cookie);
  console.log(`${database.label}, server pid ${serverPid}, rope ${ropeId}, load ${loadAverage()}`);

  // Warm-up: one 2.4 MB file, so the rounds measure the files, not code loaded on first use (the decoding thread
  // starts with the first file of 1 MB or more).
  const small = generateMea({ bitDepth: 12, lengthM: 2000, seed: 3 }).bytes;
  await upload(server.url, cookie, ropeId, [withRecordedAt(small, 1)]);

  const machine = watchMachine([server.pid], database.name ? { database: database.name } : {});
  const growth: number[] = [];
  const latencies: number[] = [];
  const roundP99: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await sleep(SETTLE_MS);
    const files = Array.from({ length: FILES }, (_, i) => withRecordedAt(base, 100 + round * FILES + i));
    const before = rss.current();
    rss.resetPeak();
    const started = performance.now();
    const sending = upload(server.url, cookie, ropeId, files);
    // When in the round the memory peaked: while the files streamed in, or at the end (the transaction).
    let peakAt = 0;
    let peakSeen = 0;
    const watch = setInterval(() => {
      const now = rss!.current();
      if (now > peakSeen) {
        peakSeen = now;
        peakAt = performance.now() - started;
      }
    }, 20);
    const timed = await probeWhile(server.url, sending);
    clearInterval(watch);
    const probed = timed.map((call) => call.ms);
    const answer = await sending;
    const seconds = (performance.now() - started) / 1000;
    await sleep(60);
    const grown = (rss.peak() - before) / 1024;
    growth.push(grown);
    latencies.push(...probed);
    roundP99.push(percentile(probed, 0.99));
    console.log(
      `round ${round + 1}: ${answer.measurements} measurements of ${FILES} x ${(base.length / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
        `RSS ${(before / 1024).toFixed(0)} -> ${(rss.peak() / 1024).toFixed(0)} MB (+${grown.toFixed(1)} MB, highest at ${((peakAt / 1000 / seconds) * 100).toFixed(0)} % of the round); ` +
        `/api/health p50 ${percentile(probed, 0.5).toFixed(1)}, p99 ${percentile(probed, 0.99).toFixed(1)}, ` +
        `max ${Math.max(...probed).toFixed(1)} ms over ${probed.length} calls; load ${loadAverage()}`,
    );
    // Where the slow calls were: while the files streamed in, or at the end (the checks, the transaction).
    const slow = timed.filter((call) => call.ms > P99_GOAL_MS);
    if (slow.length > 0) {
      const perSecond = new Map<number, number>();
      for (const call of slow)
        perSecond.set(Math.floor(call.at / 1000), (perSecond.get(Math.floor(call.at / 1000)) ?? 0) + 1);
      console.log(
        `  ${slow.length} calls over ${P99_GOAL_MS} ms, by second of the round (second:calls): ` +
          [...perSecond].map(([second, calls]) => `${second}:${calls}`).join(' '),
      );
    }
  }
  const worst = Math.max(...growth);
  const p99 = percentile(latencies, 0.99);
  const load = machine();
  console.log(load.text);
  console.log(`samples taken: ${rss.samples()} RSS (every 20 ms), ${latencies.length} /api/health calls`);
  console.log(
    `RSS growth ${growth.map((value) => value.toFixed(1)).join(', ')} MB over ${ROUNDS} rounds; goal <= ${RSS_GOAL_MB} MB: ` +
      `${verdict(worst <= RSS_GOAL_MB, load)}`,
  );
  console.log(
    `/api/health p99 over all ${latencies.length} calls ${p99.toFixed(1)} ms (rounds ${roundP99.map((value) => value.toFixed(1)).join(', ')} ms; ` +
      `max ${Math.max(...latencies).toFixed(1)} ms); goal < ${P99_GOAL_MS} ms: ${verdict(p99 < P99_GOAL_MS, load)}`,
  );
} finally {
  probeAgent.destroy();
  await rss?.stop();
  await server.stop();
  await database.drop();
}

/** The same file recorded at another time (the header is outside the checksum): a new measurement, another hash. */
function withRecordedAt(bytes: Uint8Array, minutes: number): Uint8Array {
  const copy = Buffer.from(bytes.subarray(0, MEA_HEADER_BYTES));
  copy.writeBigInt64LE(BigInt(Date.UTC(2026, 0, 1) / 1000 + minutes * 60), OFFSET.recordedAt);
  return Buffer.concat([copy, bytes.subarray(MEA_HEADER_BYTES)]);
}

/** POST the files as a browser's FormData sends them, each written in CHUNK pieces as the socket takes them. */
async function upload(url: string, cookie: string, ropeId: number, files: Uint8Array[]) {
  const boundary = `----rope-bench-truscan-${Date.now()}`;
  const heads = files.map((_, i) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="run-${i + 1}.mea"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  );
  const crlf = Buffer.from('\r\n');
  const epilogue = Buffer.from(`--${boundary}--\r\n`);
  const length =
    heads.reduce((sum, head) => sum + head.length, 0) +
    files.reduce((sum, file) => sum + file.length + crlf.length, 0) +
    epilogue.length;
  const req = request(`${url}/api/ropes/${ropeId}/events/upload/truscan`, {
    method: 'POST',
    headers: {
      cookie,
      origin: url,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': length,
    },
  });
  const answer = once(req, 'response') as Promise<[IncomingMessage]>;
  answer.catch(() => {});
  const write = async (chunk: Uint8Array) => {
    if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answer]);
  };
  for (const [i, file] of files.entries()) {
    await write(heads[i]!);
    for (let at = 0; at < file.length; at += CHUNK) await write(file.subarray(at, at + CHUNK));
    await write(crlf);
  }
  req.end(epilogue);
  const [response] = await answer;
  let body = '';
  for await (const chunk of response) body += chunk;
  if (response.statusCode !== 200) throw new Error(`the upload answered ${response.statusCode}: ${body}`);
  return { measurements: (JSON.parse(body) as { measurements: unknown[] }).measurements.length };
}

/** Calls /api/health every PROBE_MS until `until` settles; each latency counts from the call's planned start. */
async function probeWhile(url: string, until: Promise<unknown>): Promise<{ at: number; ms: number }[]> {
  const latencies: Promise<{ at: number; ms: number }>[] = [];
  let done = false;
  void until.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const origin = performance.now();
  for (let i = 0; !done; i += 1) {
    const planned = origin + i * PROBE_MS;
    latencies.push(health(url, probeAgent).then(() => ({ at: planned - origin, ms: performance.now() - planned })));
    const wait = planned + PROBE_MS - performance.now();
    if (wait > 0) await sleep(wait);
  }
  return Promise.all(latencies);
}

/** A rope the demo admin may record on: the first of the first installation that has one. */
async function firstRope(url: string, cookie: string): Promise<number> {
  const getJson = jsonGetter(url, cookie);
  const { areas } = await getJson<{ areas: { id: number }[] }>('/api/areas');
  for (const area of areas) {
    const { installations } = await getJson<{ installations: { id: number }[] }>(`/api/areas/${area.id}/installations`);
    for (const installation of installations) {
      const { ropes } = await getJson<{ ropes: { id: number }[] }>(`/api/installations/${installation.id}/ropes`);
      if (ropes[0]) return ropes[0].id;
    }
  }
  throw new Error('the demo data holds no rope');
}

/** The machine's load average (1, 5, 15 min): others share the CPU. */
function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
