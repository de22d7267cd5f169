// What each call of the busy morning costs as a client makes it, over a socket: one compiled API process on
// PostgreSQL (a fresh database with the demo data, over its Unix socket as in production), no proxy and no worker.
// Each read of the rope page, the dashboard and the areas list is called RATE times a second for SECONDS as the demo
// client, with a browser's headers, after 100 calls to warm it; each write (an event, a document, a sensor batch)
// WRITE_RATE times a second. Per call: the API process's CPU and PostgreSQL's (all its processes, from /proc), so
// the busy morning's cores can be read as calls times cost. It prints what other processes kept busy meanwhile (a
// busy run's figures say little); compare within one run.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench exec tsx src/load/socket-cost.ts   (RATE 300, WRITE_RATE 40,
// SECONDS 5, WHO client@example.com, ONLY=reads|writes, WRITE=event|document|readings for one kind, READINGS_PER_BATCH
// 60, PATHS=/health,/login/check for other reads than the mix's, PROFILE=folder for the API process's CPU profile,
// SERVER_LOG_LEVEL the API's LOG_LEVEL, warn unless it says, NODE_ARGS Node options for the API process, e.g.
// --perf-basic-prof for perf-summary.ts)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@rope/server-runner';
import postgres from 'postgres';
import { demoImportKey } from '../demo-client.ts';
import { watchMachine } from '../machine.ts';
import { compiledApi } from '../server.ts';
import {
  allPageCalls,
  call,
  findSensors,
  type Person,
  READINGS_PER_BATCH,
  type Site,
  signIn,
  type Write,
  writeCall,
} from './traffic.ts';

const RATE = Number(process.env.RATE ?? 300);
const WRITE_RATE = Number(process.env.WRITE_RATE ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 5);
const WHO = process.env.WHO ?? 'client@example.com';
const ONLY = process.env.ONLY;
/** A folder: the API process writes a V8 CPU profile there (profile-summary.ts reads it). */
const PROFILE = process.env.PROFILE;
/** One write kind only (event, document, readings), e.g. to profile it alone. */
const WRITE = process.env.WRITE as Write | undefined;
/** Other reads than the mix's, e.g. `/health,/login/check` for what any call costs before its own work. */
const PATHS = process.env.PATHS?.split(',');
const WRITE_LABELS: Record<Write, string> = {
  event: 'POST /events (a damage)',
  document: 'POST /documents (a small PDF on a rope)',
  readings: `POST /sensor-devices/:id/measurements (${READINGS_PER_BATCH} readings)`,
};
const WRITES = WRITE ? [WRITE] : (Object.keys(WRITE_LABELS) as Write[]);

/** CPU ticks (user + system) of one process, from /proc. */
function ticksOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') ticks += ticksOf(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

const TICK_MS = 10;

/** Fires `make()` `rate` times a second for SECONDS (open loop) and answers the CPU per call and the statuses. */
async function measure(apiPid: number, rate: number, make: (i: number) => Promise<number>) {
  const api = ticksOf(apiPid);
  const database = postgresTicks();
  const start = performance.now();
  const calls: Promise<number>[] = [];
  for (let i = 0; i < rate * SECONDS; i += 1) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(make(i));
  }
  const statuses = new Set(await Promise.all(calls));
  const count = rate * SECONDS;
  return {
    apiMs: ((ticksOf(apiPid) - api) * TICK_MS) / count,
    postgresMs: ((postgresTicks() - database) * TICK_MS) / count,
    statuses: [...statuses].sort().join(','),
  };
}

function line(label: string, cost: Awaited<ReturnType<typeof measure>>) {
  return `  ${label.padEnd(52)} ${cost.statuses.padEnd(7)} API ${cost.apiMs.toFixed(2).padStart(5)} ms  PostgreSQL ${cost.postgresMs.toFixed(2).padStart(5)} ms`;
}

async function readsOf(url: string, apiPid: number, person: Person) {
  const rope = person.ropes[0]!;
  const paths = PATHS ?? [
    ...allPageCalls('rope', rope),
    ...allPageCalls('dashboard', rope),
    ...allPageCalls('areas', rope),
  ];
  console.log(`reads as ${person.email}, ${RATE}/s for ${SECONDS} s each:`);
  for (const path of paths) {
    for (let i = 0; i < 100; i += 1) await call(url, 'GET', path, { cookie: person.cookie });
    const cost = await measure(
      apiPid,
      RATE,
      async () => (await call(url, 'GET', path, { cookie: person.cookie })).status,
    );
    console.log(line(`GET ${path}`, cost));
  }
}

async function writesOf(url: string, apiPid: number, person: Person, importKey: string) {
  const admin = await signIn(url, 'admin@example.com');
  const sensors: Site['sensors'] = [];
  for (const sensor of await findSensors(url, admin)) {
    const [, method, path, headers, body] = writeCall(
      'readings',
      { url, people: [], importKey, sensors: [sensor] },
      person,
      0,
    );
    if ((await call(url, method, path, headers, body)).status === 200) sensors.push(sensor);
  }
  const site: Site = { url, people: [person], importKey, sensors };
  console.log(
    `writes as ${person.email} (sensor batches with the demo import key), ${WRITE_RATE}/s for ${SECONDS} s each:`,
  );
  for (const kind of WRITES) {
    const cost = await measure(apiPid, WRITE_RATE, async (i) => {
      const [, method, path, headers, body] = writeCall(kind, site, person, person.ropeIds[i % person.ropeIds.length]!);
      return (await call(url, method, path, headers, body)).status;
    });
    console.log(line(WRITE_LABELS[kind], cost));
  }
}

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rope_socket_cost_${randomBytes(4).toString('hex')}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${name}`;
if (['127.0.0.1', 'localhost'].includes(databaseUrl.hostname))
  databaseUrl.searchParams.set('host', '/var/run/postgresql');
const dataDir = mkdtempSync(join(tmpdir(), 'rope-socket-cost-'));
const server = await startServer({
  env: {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/9',
    DATA_DIR: dataDir,
    // warn: the calls' own cost; info, a site's default, adds the request log's lines.
    LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
    DEMO_DATA: 'true',
    // One import key delivers every batch here; on a real site each device has its own.
    API_KEY_RATE_LIMIT: '1000000',
  },
  startTimeoutMs: 600_000,
  dataDirPrefix: 'rope-socket-cost-',
  entry: compiledApi().server,
  nodeArgs: [
    ...(process.env.NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []),
  ],
});
try {
  const person = await signIn(server.url, WHO);
  const importKey = await demoImportKey(server.output);
  const machine = watchMachine([server.pid], { database: name });
  if (ONLY !== 'writes') await readsOf(server.url, server.pid, person);
  if (ONLY !== 'reads') await writesOf(server.url, server.pid, person, importKey);
  const load = machine();
  // Other work on the machine shares the caches and the cores: figures from a busy run say little.
  console.log(load.quiet ? load.text : `${load.text}: a busy machine, run again before reading the figures`);
} finally {
  await server.stop();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
