// The busy morning: people reading rope pages, the dashboard and the areas list while others record events and
// upload documents and devices send sensor batches.
// - server mode: PostgreSQL and Redis, two API processes behind a local round-robin proxy (nginx when installed, see
//   start-proxy.ts), one worker; an open-loop
//   load of READS_PER_S reads and WRITES_PER_S writes for LOAD_SECONDS, with a browser's headers, the reads as pages
//   opened (LOAD_READS=pages: what a page's window shows at once, its sections below the fold 1-3 s later, as the web
//   client sends them) or as single calls evenly spaced (LOAD_READS=calls, the model until 2026-12-07), while a burner
//   the bench starts keeps BURN_CORES cores busy (1: a site's server is shared). Goals: 300 reads/s and 50 writes/s
//   held for 60 s, p99 <= 150 ms for reads and <= 300 ms for writes, 0 errors, and the cockpit (API processes,
//   worker, PostgreSQL, Redis, proxy) at <= 0.8 cores. The server and worker run compiled, as in production.
// - embedded default: one process on PGlite, PEOPLE people (20: one site) opening pages and now and then writing,
//   with think time between. Goal: p99 <= 300 ms.
// Where the time goes: each part's CPU seconds over the measured window, and the slowest routes.
// - embedded-readers: 50 connections reading rope pages back to back on the embedded default (readers.ts).
// Run: npx -y pnpm@10.34.8 --filter @rope/bench load   (LOAD_MODE=server|embedded|both|embedded-readers, default both)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startServer } from '@rope/server-runner';
import postgres from 'postgres';
import { startTestSmtpServer } from '../../../apps/api/test/support/smtp-server.ts';
import { demoImportKey } from '../demo-client.ts';
import { type MachineWatch, percentile, verdict, watchMachine } from '../machine.ts';
import { compiledApi, startBenchServer } from '../server.ts';
import { startCpuWindow } from './cpu.ts';
import { emptyRedisDatabase } from './empty-redis.ts';
import { floorSite, startFloor } from './floor.ts';
import { startProxy } from './start-proxy.ts';
import {
  type Answer,
  allPageCalls,
  call,
  DEMO_PEOPLE,
  findSensors,
  type Page,
  type Person,
  pageCalls,
  type Site,
  signIn,
  type Write,
  writeCall,
} from './traffic.ts';

const MODE = process.env.LOAD_MODE ?? 'both';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 10);
const READS_PER_S = Number(process.env.READS_PER_S ?? 300);
const WRITES_PER_S = Number(process.env.WRITES_PER_S ?? 50);
const PEOPLE = Number(process.env.PEOPLE ?? 20);
/** Cores a burner keeps busy during the server mode's run, as other programs on a shared server do. */
const BURN_CORES = Number(process.env.BURN_CORES ?? 1);
/** The cockpit's share of the machine at the busy morning's mix (issue 25: half of the 1.35-1.6 cores measured). */
const COCKPIT_CORES_GOAL = 0.8;
/**
 * API processes behind the proxy in server mode: 2 as the goal is stated; 1 to see what a process's rate does to the CPU
 * a call costs (a run with another count is not judged).
 */
const API_PROCESSES = Number(process.env.LOAD_API_PROCESSES ?? 2);
if (API_PROCESSES !== 1 && API_PROCESSES !== 2) throw new Error('LOAD_API_PROCESSES is 1 or 2');
/** 0: no floor (floor.ts) before the cockpit in server mode. */
const MEASURE_FLOOR = process.env.LOAD_FLOOR !== '0';
/** A folder: the server mode's API processes and worker write V8 CPU profiles there (profile-summary.ts reads them). */
const PROFILE = process.env.PROFILE;
/** Node options for the API processes and the worker, e.g. `--single-threaded-gc`, to try one against the other. */
const NODE_ARGS = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
const profileArgs = (name: string) => [
  ...NODE_ARGS,
  ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE, name)}`] : []),
];
const START_TIMEOUT_MS = 600_000;
/** The servers log as a site's do (`LOG_LEVEL` info, the default: a line per request, when it is answered) unless this says. */
const LOG_LEVEL = process.env.LOAD_LOG_LEVEL ?? 'info';

/**
 * How the reads come: `pages`, each page opened as the web client opens it (its window's calls at once, as a browser
 * sends them, the sections below the fold when scrolled to); `calls`, each read alone at its own evenly spaced moment.
 * Both make the same calls at the same rates; a process that gets a page's calls together wakes once for them.
 */
const READS_AS = process.env.LOAD_READS === 'calls' ? 'calls' : 'pages';

/** The share of each page among the reads, and of each kind among the writes. */
const PAGE_MIX: [Page, number][] = [
  ['rope', 0.6],
  ['dashboard', 0.25],
  ['areas', 0.15],
];
const WRITE_MIX: [Write, number][] = (
  [
    ['event', 0.4],
    ['document', 0.2],
    ['readings', 0.4],
  ] as [Write, number][]
)
  // LOAD_WRITE=event|document|readings: only that kind, at the same rate of writes (to see what each costs).
  .filter(([kind]) => !process.env.LOAD_WRITE || kind === process.env.LOAD_WRITE)
  .map(([kind, share]) => [kind, process.env.LOAD_WRITE ? 1 : share]);

let seed = 20_261_124;
function random() {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
function pick<T>(mix: [T, number][]): T {
  let left = random();
  for (const [value, weight] of mix) {
    left -= weight;
    if (left <= 0) return value;
  }
  return mix.at(-1)![0];
}
const anyOf = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;

class Recorder {
  readonly byLabel = new Map<string, Answer[]>();
  add(label: string, answer: Answer) {
    const list = this.byLabel.get(label) ?? [];
    list.push(answer);
    this.byLabel.set(label, list);
  }
  all(filter: (label: string) => boolean) {
    return [...this.byLabel.entries()].filter(([label]) => filter(label)).flatMap(([, answers]) => answers);
  }
}

const isWrite = (label: string) => label.startsWith('POST ');
const routeOf = (path: string) => `GET ${path.replace(/\/\d+/g, '/:id').replace(/\?.*/, '')}`;

function summarise(name: string, answers: Answer[], seconds: number) {
  const times = answers.map((answer) => answer.ms);
  const errors = answers.filter((answer) => answer.status < 200 || answer.status >= 300);
  return {
    name,
    count: answers.length,
    perSecond: answers.length / seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: Math.max(...times),
    errors: errors.length,
    errorStatuses: [...new Set(errors.map((answer) => answer.status))],
  };
}

function printSummary(line: ReturnType<typeof summarise>, goalMs: number, machine?: MachineWatch) {
  const met = line.p99 <= goalMs && line.errors === 0;
  console.log(
    `${line.name.padEnd(8)} ${line.count} calls, ${line.perSecond.toFixed(1)}/s, p50 ${line.p50.toFixed(1)} ms, ` +
      `p99 ${line.p99.toFixed(1)} ms (goal ${goalMs}), max ${line.max.toFixed(0)} ms, ` +
      `errors ${line.errors}${line.errors ? ` (${line.errorStatuses.join(', ')})` : ''}` +
      `: ${machine ? verdict(met, machine) : met ? 'met' : 'NOT met'}`,
  );
}

function printSlowestRoutes(recorder: Recorder) {
  const routes = [...recorder.byLabel.entries()]
    .map(([label, answers]) => ({
      label,
      count: answers.length,
      p99: percentile(
        answers.map((a) => a.ms),
        0.99,
      ),
    }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 8);
  console.log('slowest routes (p99):');
  for (const route of routes) console.log(`  ${route.p99.toFixed(1).padStart(7)} ms  ${route.label} (${route.count})`);
}

/** Whether slow answers come evenly or in stalls: the seconds with the slowest answers, by when calls were due. */
function printWorstSeconds(recorder: Recorder, from: number) {
  const seconds = new Map<number, number[]>();
  for (const answer of recorder.all(() => true)) {
    const second = Math.floor((answer.dueAt - from) / 1000);
    seconds.set(second, [...(seconds.get(second) ?? []), answer.ms]);
  }
  const rows = [...seconds.entries()].map(([second, times]) => ({
    second,
    count: times.length,
    p50: percentile(times, 0.5),
    max: Math.max(...times),
  }));
  const slow = rows.filter((row) => row.max > 150).length;
  console.log(`seconds with an answer over 150 ms: ${slow} of ${rows.length}; the worst:`);
  for (const row of [...rows].sort((a, b) => b.max - a.max).slice(0, 6)) {
    console.log(
      `  second ${String(row.second).padStart(3)}: ${row.count} calls, p50 ${row.p50.toFixed(0)} ms, max ${row.max.toFixed(0)} ms`,
    );
  }
}

/** Prints each part's cores; answers the cores of the parts that are the cockpit (not the bench's own). */
function printCpu(
  { seconds, used, kernel }: { seconds: number; used: Map<string, number>; kernel: Map<string, number> },
  notCockpit: string[] = [],
) {
  const parts = [...used.entries()].sort((a, b) => b[1] - a[1]);
  const total = parts.reduce((sum, [, value]) => sum + value, 0);
  console.log(`CPU over ${seconds.toFixed(0)} s: ${(total / seconds).toFixed(2)} cores of 2 in all`);
  // The kernel's share tells a machine whose system calls are dear (docs/ci-time.md's yardstick) from dearer code.
  for (const [part, value] of parts) {
    const inKernel = value > 0 ? ((kernel.get(part) ?? 0) / value) * 100 : 0;
    console.log(
      `  ${part.padEnd(14)} ${(value / seconds).toFixed(2)} cores (${((value / total) * 100).toFixed(0)} %; ` +
        `${inKernel.toFixed(0)} % of it in the kernel)`,
    );
  }
  return parts.filter(([part]) => !notCockpit.includes(part)).reduce((sum, [, value]) => sum + value, 0) / seconds;
}

/** A process that keeps one core busy for as long as it runs. */
function startBurner(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true });
}

interface Stream {
  perSecond: number;
  fire: (dueAt: number) => Promise<void>;
}

/** Where a call due at a moment is recorded: nowhere outside the measured window. */
type RecorderAt = (dueAt: number) => Recorder | undefined;

/** Fires every stream at its own fixed rate for `seconds`, whatever the answers do (open loop). */
async function openLoop(seconds: number, streams: Stream[], start = performance.now() + 50) {
  const due: { at: number; fire: (dueAt: number) => Promise<void> }[] = [];
  for (const stream of streams) {
    const gap = 1000 / stream.perSecond;
    for (let i = 0; i < seconds * stream.perSecond; i += 1) due.push({ at: start + i * gap, fire: stream.fire });
  }
  due.sort((a, b) => a.at - b.at);
  const inFlight: Promise<void>[] = [];
  for (const entry of due) {
    const wait = entry.at - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(entry.fire(entry.at));
  }
  await Promise.all(inFlight);
}

/**
 * The warm-up and the measured seconds as one open loop, so that the window is in the steady state at both ends: the
 * sections that pages of the warm-up load when scrolled to fall in it, as those of its own last pages fall after it.
 * Records the calls due in the window; `measure` starts at the window's first moment, and what the function it
 * answers returns is taken at its last.
 */
async function steadyLoop<T>(
  warmUpSeconds: number,
  seconds: number,
  streams: (recorderAt: RecorderAt) => Stream[],
  measure: () => () => T,
) {
  const start = performance.now() + 50;
  const measuredFrom = start + warmUpSeconds * 1000;
  const measuredTo = measuredFrom + seconds * 1000;
  const recorder = new Recorder();
  const until = (moment: number) => new Promise((resolve) => setTimeout(resolve, moment - performance.now()));
  const measured = (async () => {
    await until(measuredFrom);
    const stop = measure();
    await until(measuredTo);
    return stop();
  })();
  const inWindow = (dueAt: number) => (dueAt >= measuredFrom && dueAt < measuredTo ? recorder : undefined);
  await openLoop(warmUpSeconds + seconds, streams(inWindow), start);
  return { recorder, measuredFrom, measured: await measured };
}

async function prepareSite(url: string, importKey: string, people: number): Promise<Site> {
  const signedIn: Person[] = [];
  for (let i = 0; i < people; i += 1) signedIn.push(await signIn(url, DEMO_PEOPLE[i % DEMO_PEOPLE.length]!));
  const withRopes = signedIn.filter((person) => person.ropeIds.length > 0);
  const candidates = await findSensors(url, signedIn[0]!);
  const sensors: Site['sensors'] = [];
  const site: Site = { url, people: withRopes, importKey, sensors: candidates };
  // Only the devices the import key may deliver for (its mandator's ropes) take part.
  for (const sensor of candidates) {
    const [, method, path, headers, body] = writeCall('readings', { ...site, sensors: [sensor] }, withRopes[0]!, 0);
    if ((await call(url, method, path, headers, body)).status === 200) sensors.push(sensor);
  }
  if (withRopes.length === 0 || sensors.length === 0) throw new Error('the demo data gave no ropes or no sensors');
  return { ...site, sensors };
}

function fireRead(site: Site, recorderAt: RecorderAt) {
  return async (dueAt: number) => {
    const person = anyOf(site.people);
    const path = anyOf(allPageCalls(pick(PAGE_MIX), anyOf(person.ropes)));
    const answer = await call(site.url, 'GET', path, { cookie: person.cookie }, undefined, dueAt);
    recorderAt(dueAt)?.add(routeOf(path), answer);
  };
}

function fireWrite(site: Site, recorderAt: RecorderAt) {
  return async (dueAt: number) => {
    const person = anyOf(site.people);
    const [label, method, path, headers, body] = writeCall(pick(WRITE_MIX), site, person, anyOf(person.ropeIds));
    recorderAt(dueAt)?.add(label, await call(site.url, method, path, headers, body, dueAt));
  };
}

/** A page opened as the web client opens it: what the window shows at once, the sections below the fold 1-3 s later. */
function fireView(site: Site, recorderAt: RecorderAt, page: Page) {
  return async (dueAt: number) => {
    const person = anyOf(site.people);
    const { opening, scrolled } = pageCalls(page, anyOf(person.ropes));
    const readAll = (paths: string[], at: number) =>
      Promise.all(
        paths.map(async (path) => {
          const answer = await call(site.url, 'GET', path, { cookie: person.cookie }, undefined, at);
          recorderAt(at)?.add(routeOf(path), answer);
        }),
      );
    await readAll(opening, dueAt);
    if (scrolled.length === 0) return;
    const at = performance.now() + 1000 + random() * 2000;
    await new Promise((resolve) => setTimeout(resolve, at - performance.now()));
    await readAll(scrolled, at);
  };
}

/** Pages opened a second, each page's share of the reads over its calls: the same calls as READS_PER_S single reads. */
function pagesPerSecond(site: Site): [Page, number][] {
  const rope = site.people[0]!.ropes[0]!;
  return PAGE_MIX.map(([page, share]) => [page, (READS_PER_S * share) / allPageCalls(page, rope).length]);
}

const mixStreams = (site: Site, recorderAt: RecorderAt): Stream[] => [
  ...(READS_AS === 'pages'
    ? pagesPerSecond(site).map(([page, perSecond]) => ({ perSecond, fire: fireView(site, recorderAt, page) }))
    : [{ perSecond: READS_PER_S, fire: fireRead(site, recorderAt) }]),
  { perSecond: WRITES_PER_S, fire: fireWrite(site, recorderAt) },
];

function describeReads(site: Site): string {
  if (READS_AS !== 'pages') return `reads as single calls, ${READS_PER_S} a second evenly spaced`;
  const rope = site.people[0]!.ropes[0]!;
  const pages = pagesPerSecond(site).map(([page, perSecond]) => {
    const { opening, scrolled } = pageCalls(page, rope);
    const below = scrolled.length > 0 ? `, ${scrolled.length} more 1-3 s later` : '';
    return `${perSecond.toFixed(1)} ${page} pages/s (${opening.length} calls at once${below})`;
  });
  return `reads as pages opened: ${pages.join(', ')}`;
}

/**
 * The floor's cores (floor.ts) at the same mix, rates and seconds, measured before the cockpit starts so that nothing
 * of it is still running: what this machine charges for the traffic alone.
 */
async function measureFloor(databaseUrl: string): Promise<number | undefined> {
  const floor = await startFloor(databaseUrl);
  try {
    const site = floorSite(floor.url);
    const servers = new Set(floor.groups.servers);
    const { recorder, measured: cpu } = await steadyLoop(
      Math.min(5, WARM_UP_SECONDS),
      SECONDS,
      (recorderAt) => mixStreams(site, recorderAt),
      () =>
        startCpuWindow(({ group, command }) =>
          servers.has(group)
            ? 'floor servers'
            : group === floor.groups.proxy
              ? 'proxy'
              : command === 'postgres'
                ? 'PostgreSQL'
                : undefined,
        ),
    );
    const answers = recorder.all(() => true);
    const failed = answers.filter((answer) => answer.status !== 200).length;
    console.log(
      `the floor: two bare servers behind the same proxy, each call asking PostgreSQL once; ${answers.length} calls, ` +
        `${failed} failed, p99 ${percentile(
          answers.map((answer) => answer.ms),
          0.99,
        ).toFixed(1)} ms`,
    );
    const cores = printCpu(cpu);
    // A floor whose calls failed measured something else: no ratio from it.
    return failed === 0 ? cores : undefined;
  } finally {
    floor.stop();
  }
}

/**
 * LOAD_NOTIFY: what the installations' notification rules set off, to see what that part of the mix costs. `all` (the
 * default) keeps the demo's rules; `no-deliveries` keeps the rules and their notifications but empties their channels,
 * so no mail or text message goes; `none` removes the rules, so a write sets off nothing.
 */
const NOTIFY = process.env.LOAD_NOTIFY ?? 'all';
if (!['all', 'no-deliveries', 'none'].includes(NOTIFY))
  throw new Error(`LOAD_NOTIFY=${NOTIFY}: all, no-deliveries or none`);

async function applyNotifyArm(base: string, database: string) {
  if (NOTIFY === 'all') return;
  const url = new URL(base);
  url.pathname = `/${database}`;
  const site = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await (NOTIFY === 'none'
      ? site.unsafe('update installations set notification_settings = null')
      : site.unsafe(
          `update installations set notification_settings = jsonb_set(notification_settings, '{channels}', '[]'::jsonb)
           where notification_settings is not null`,
        ));
    console.log(`notification rules: ${NOTIFY === 'none' ? 'removed' : 'kept, their channels emptied'} (LOAD_NOTIFY)`);
  } finally {
    await site.end();
  }
}

async function serverMode() {
  const processes = API_PROCESSES === 1 ? '1 API process' : `${API_PROCESSES} API processes`;
  console.log(`\n== server mode: PostgreSQL, Redis, ${processes} behind a proxy, 1 worker`);
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  redis.pathname = '/9';
  await emptyRedisDatabase(redis);
  const name = `rope_load_${randomBytes(5).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = new URL(base);
  databaseUrl.pathname = `/${name}`;
  // PostgreSQL on this machine: the cockpit connects over its Unix socket, as docs/operations.md advises.
  const socketDirectory = process.env.LOAD_PG_SOCKET ?? '/var/run/postgresql';
  const overSocket =
    ['127.0.0.1', 'localhost'].includes(databaseUrl.hostname) &&
    existsSync(join(socketDirectory, `.s.PGSQL.${databaseUrl.port || 5432}`));
  if (overSocket) databaseUrl.searchParams.set('host', socketDirectory);
  console.log(`PostgreSQL over ${overSocket ? `its Unix socket in ${socketDirectory}` : 'TCP'}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'rope-load-'));
  // A site's mail relay, plain SMTP (a site's adds TLS): it counts what it receives.
  const mailSink = await startTestSmtpServer({ keep: false });
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    // The notification mails go to a relay, as on a site; without SMTP_URL they would be files in the outbox folder.
    SMTP_URL: mailSink.url,
    REDIS_URL: redis.toString(),
    DATA_DIR: dataDir,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL,
    // The site's sensor devices share one import key here; on a real site each device has its own.
    API_KEY_RATE_LIMIT: '1000000',
  };
  const children: ChildProcess[] = [];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const compiled = compiledApi();
  let stopProxy = () => {};
  try {
    const floor = MEASURE_FLOOR ? await measureFloor(databaseUrl.toString()) : undefined;
    // The first loads the demo data; the second starts on the database it filled.
    const startApi = async (index: number) =>
      servers.push(
        await startServer({
          env: { ...env, DEMO_DATA: index === 1 ? 'true' : 'false' },
          startTimeoutMs: START_TIMEOUT_MS,
          dataDirPrefix: `rope-load-${index}-`,
          nodeArgs: profileArgs(`api-${index}`),
          entry: compiled.server,
        }),
      );
    const started = performance.now();
    await startApi(1);
    console.log(`demo data loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await applyNotifyArm(base, name);
    if (API_PROCESSES === 2) await startApi(2);
    const worker = spawn(process.execPath, ['--enable-source-maps', ...profileArgs('worker'), compiled.worker], {
      cwd: repoRoot,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: 'ignore',
      detached: true,
    });
    children.push(worker);
    const proxy = await startProxy(servers.map((server) => Number(new URL(server.url).port)));
    stopProxy = proxy.stop;
    console.log(`proxy: ${proxy.kind}`);
    const url = `http://127.0.0.1:${proxy.port}`;
    const site = await prepareSite(url, await demoImportKey(servers[0]!.output), DEMO_PEOPLE.length * 2);
    console.log(`${site.people.length} people signed in, ${site.sensors.length} sensors delivering`);
    console.log(describeReads(site));

    const burners = Array.from({ length: BURN_CORES }, startBurner);
    children.push(...burners);
    console.log(`${BURN_CORES} burner${BURN_CORES === 1 ? '' : 's'} keeping a core busy each`);
    const groups = new Map<number, string>([
      ...servers.map((server, index): [number, string] => [server.pid, `API ${index + 1}`]),
      [worker.pid ?? -1, 'worker'],
      [proxy.group, 'proxy'],
      ...burners.map((burner): [number, string] => [burner.pid ?? -1, 'burner']),
    ]);
    const {
      recorder,
      measuredFrom,
      measured: { cpu, load, mails },
    } = await steadyLoop(
      WARM_UP_SECONDS,
      SECONDS,
      (recorderAt) => mixStreams(site, recorderAt),
      () => {
        const window = startCpuWindow(({ pid, group, command }) =>
          pid === process.pid
            ? 'load generator'
            : (groups.get(group) ??
              (command === 'postgres' ? 'PostgreSQL' : command.startsWith('redis-server') ? 'Redis' : undefined)),
        );
        // The burners are the bench's own load; anything else busy on the machine leaves the run unjudged.
        const machine = watchMachine(
          [...groups.keys()].filter((pid) => pid > 0),
          { database: name },
        );
        const mailsBefore = { mails: mailSink.received(), connections: mailSink.connections() };
        return () => ({
          cpu: window(),
          load: machine(),
          mails: {
            received: mailSink.received() - mailsBefore.mails,
            connections: mailSink.connections() - mailsBefore.connections,
          },
        });
      },
    );
    const seconds = SECONDS;
    console.log(load.text);
    printSummary(
      summarise(
        'reads',
        recorder.all((label) => !isWrite(label)),
        seconds,
      ),
      150,
      load,
    );
    printSummary(summarise('writes', recorder.all(isWrite), seconds), 300, load);
    printSlowestRoutes(recorder);
    printWorstSeconds(recorder, measuredFrom);
    console.log(
      `mails: ${(mails.received / seconds).toFixed(1)}/s received by the relay over ` +
        `${mails.connections} new connections`,
    );
    const cockpit = printCpu(cpu, ['load generator', 'burner']);
    console.log(
      `the cockpit: ${cockpit.toFixed(2)} cores at ${READS_PER_S} reads/s and ${WRITES_PER_S} writes/s ` +
        `(goal <= ${COCKPIT_CORES_GOAL} at 300 and 50): ` +
        (READS_PER_S === 300 &&
        WRITES_PER_S === 50 &&
        NOTIFY === 'all' &&
        !process.env.LOAD_WRITE &&
        API_PROCESSES === 2
          ? verdict(cockpit <= COCKPIT_CORES_GOAL, load)
          : 'not judged (another mix, notifications changed, or another count of API processes)'),
    );
    if (floor !== undefined) {
      console.log(
        `the floor: ${floor.toFixed(2)} cores for the same calls; the cockpit ${(cockpit / floor).toFixed(1)}x it, ` +
          `the goal ${(COCKPIT_CORES_GOAL / floor).toFixed(1)}x it on this machine`,
      );
    }
  } finally {
    stopProxy();
    for (const child of children) {
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
    for (const server of servers) await server.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    await mailSink.close();
  }
}

async function embeddedMode() {
  console.log(`\n== embedded default: PGlite, one process, ${PEOPLE} people`);
  const server = await startBenchServer({ LOG_LEVEL });
  try {
    const site = await prepareSite(server.url, await demoImportKey(server.output), PEOPLE);
    // One working morning: people come in at their own moments and keep their rhythm; what they meet is counted
    // once the warm-up is over (a restart would have all of them click in the same millisecond, which no site sees).
    const warmUp = new Recorder();
    const recorder = new Recorder();
    let from = Number.POSITIVE_INFINITY;
    let window: ReturnType<typeof startCpuWindow> | undefined;
    let machine: ReturnType<typeof watchMachine> | undefined;
    const recordTo = {
      add: (label: string, answer: Answer) => (answer.dueAt >= from ? recorder : warmUp).add(label, answer),
    };
    const run = async (seconds: number) => {
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        site.people.map(async (person) => {
          await new Promise((resolve) => setTimeout(resolve, random() * 6000));
          const readAll = async (paths: string[]) => {
            for (let i = 0; i < paths.length; i += 6) {
              await Promise.all(
                paths.slice(i, i + 6).map(async (path) => {
                  recordTo.add(routeOf(path), await call(site.url, 'GET', path, { cookie: person.cookie }));
                }),
              );
            }
          };
          while (performance.now() < end) {
            if (random() < 0.1) {
              const kind: Write = random() < 0.6 ? 'event' : 'document';
              const [label, method, path, headers, body] = writeCall(kind, site, person, anyOf(person.ropeIds));
              recordTo.add(label, await call(site.url, method, path, headers, body));
            } else {
              // A browser sends a page's calls at once, six at a time per host; the sections below the fold when
              // the person has scrolled down to them, a moment later.
              const { opening, scrolled } = pageCalls(pick(PAGE_MIX), anyOf(person.ropes));
              await readAll(opening);
              if (scrolled.length > 0) {
                await new Promise((resolve) => setTimeout(resolve, 1000 + random() * 2000));
                await readAll(scrolled);
              }
            }
            await new Promise((resolve) => setTimeout(resolve, 2000 + random() * 4000));
          }
        }),
      );
    };
    setTimeout(() => {
      from = performance.now();
      window = startCpuWindow(({ pid, group }) =>
        group === server.pid ? 'cockpit' : pid === process.pid ? 'load generator' : undefined,
      );
      machine = watchMachine([server.pid]);
    }, WARM_UP_SECONDS * 1000);
    await run(WARM_UP_SECONDS + SECONDS);
    const seconds = (performance.now() - from) / 1000;
    const load = machine!();
    console.log(load.text);
    printSummary(
      summarise(
        'reads',
        recorder.all((label) => !isWrite(label)),
        seconds,
      ),
      300,
      load,
    );
    printSummary(summarise('writes', recorder.all(isWrite), seconds), 300, load);
    printSummary(
      summarise(
        'all',
        recorder.all(() => true),
        seconds,
      ),
      300,
      load,
    );
    printSlowestRoutes(recorder);
    printWorstSeconds(recorder, from);
    printCpu(window!());
  } finally {
    await server.stop();
  }
}

if (MODE === 'embedded-readers') await (await import('./readers.ts')).embeddedReaders();
if (MODE === 'server' || MODE === 'both') await serverMode();
if (MODE === 'embedded' || MODE === 'both') await embeddedMode();
process.exit(0);
