// Many readers of rope pages on the embedded default: CONNECTIONS (50) signed-in people, each on a socket of its
// own, read rope pages back to back (closed loop: the next call as soon as the last answer has arrived), every call of
// the page (what the window shows and the sections below the fold) with a browser's headers. Goal: p99 <= 300 ms at
// 50 connections, 0 errors.
// Reports p50/p99/max over ALL samples of the measured window, calls/s, errors, the slowest routes, the server's CPU,
// and the load average before and after (the machine is shared). RUNS (1) runs, each on a fresh server.
// The server logs as `npm start` does (LOG_LEVEL info: a line per request, when it is answered) unless LOAD_LOG_LEVEL says
// otherwise. PROFILE=dir starts the server with `--cpu-prof` into that folder (see profile-summary.ts).
// ARMS=name=folder,name compares servers, run after run in alternating order within each round: the cockpit of
// another checkout of the repository (a baseline: `git archive <commit> | tar -x -C folder`, then
// `pnpm install --offline`; it uses this checkout's built web client), or this one when no folder is given.
// Run: LOAD_MODE=embedded-readers npx -y pnpm@10.34.8 --filter @rope/bench load
//      (CONNECTIONS 50, LOAD_SECONDS 45, WARM_UP_SECONDS 10, RUNS 1, ARMS this checkout, PROFILE unset)
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { repoRoot } from '@rope/server-runner';
import { percentile, verdict, watchMachine } from '../machine.ts';
import { startBenchServer } from '../server.ts';
import { startCpuWindow } from './cpu.ts';
import { DEMO_PEOPLE, type Person, pageCalls, signIn } from './traffic.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 45);
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 1);
const PROFILE = process.env.PROFILE;
const LOG_LEVEL = process.env.LOAD_LOG_LEVEL ?? 'info';
const ARMS = (process.env.ARMS ?? 'this').split(',').map((arm) => {
  const [name, folder] = arm.split('=');
  return { name: name!, folder: folder || undefined };
});
const GOAL_MS = 300;

/** What Chromium sends with a fetch of the web client (same origin, a signed-in person). */
function browserHeaders(url: string, cookie: string, ropeId: number): Record<string, string> {
  return {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7',
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    referer: `${url}/ropes/${ropeId}`,
    'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Linux"',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'same-origin',
    connection: 'keep-alive',
    cookie,
  };
}

interface Sample {
  route: string;
  status: number;
  ms: number;
  bytes: number;
  encoding: string;
  at: number;
}

/** One GET on the connection's own socket; the time until the last byte of the body. */
function get(url: string, agent: Agent, path: string, headers: Record<string, string>): Promise<Omit<Sample, 'route'>> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const target = new URL(`/api${path}`, url);
    const fail = () => resolve({ status: 0, ms: performance.now() - startedAt, bytes: 0, encoding: '', at: startedAt });
    const outgoing = request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
      (answer) => {
        let bytes = 0;
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            ms: performance.now() - startedAt,
            bytes,
            encoding: String(answer.headers['content-encoding'] ?? 'identity'),
            at: startedAt,
          }),
        );
        answer.on('error', fail);
      },
    );
    outgoing.on('error', fail);
    outgoing.end();
  });
}

const routeOf = (path: string) => `GET ${path.replace(/\/\d+/g, '/:id').replace(/\?.*/, '')}`;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

let seed = 20_261_129;
function random() {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}

async function oneRun(run: number, arm: (typeof ARMS)[number]) {
  const started = performance.now();
  const server = await startBenchServer(
    { LOG_LEVEL, ...(arm.folder ? { WEB_DIST: join(repoRoot, 'apps/web/dist') } : {}) },
    PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE, `${arm.name}-${run}`)}`] : [],
    arm.folder,
  );
  console.log(
    `\n== run ${run}, ${arm.name}${arm.folder ? ` (${arm.folder})` : ''}: embedded default, LOG_LEVEL ${LOG_LEVEL}, ` +
      `${CONNECTIONS} connections reading rope pages, closed loop ` +
      `(started in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  try {
    const people: Person[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1)
      people.push(await signIn(server.url, DEMO_PEOPLE[i % DEMO_PEOPLE.length]!));
    const readers = people.filter((person) => person.ropes.length > 0);
    console.log(`${readers.length} people signed in (${DEMO_PEOPLE.length} demo accounts, a session each)`);
    const samples: Sample[] = [];
    let from = Number.POSITIVE_INFINITY;
    const end = performance.now() + (WARM_UP_SECONDS + SECONDS) * 1000;
    const loadBefore = { value: '' };
    let window: ReturnType<typeof startCpuWindow> | undefined;
    let machine: ReturnType<typeof watchMachine> | undefined;
    const timer = setTimeout(() => {
      from = performance.now();
      loadBefore.value = loadAverage();
      window = startCpuWindow(({ pid, group }) =>
        group === server.pid ? 'cockpit' : pid === process.pid ? 'load generator' : undefined,
      );
      machine = watchMachine([server.pid]);
    }, WARM_UP_SECONDS * 1000);
    await Promise.all(
      readers.map(async (person) => {
        // A connection of its own, kept alive, as a browser tab's.
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        while (performance.now() < end) {
          const rope = person.ropes[Math.floor(random() * person.ropes.length)]!;
          const headers = browserHeaders(server.url, person.cookie, rope.id);
          const { opening, scrolled } = pageCalls('rope', rope);
          for (const path of [...opening, ...scrolled]) {
            if (performance.now() >= end) break;
            const answer = await get(server.url, agent, path, headers);
            if (answer.at >= from) samples.push({ route: routeOf(path), ...answer });
          }
        }
        agent.destroy();
      }),
    );
    clearTimeout(timer);
    const seconds = (performance.now() - from) / 1000;
    const cpu = window!();
    const load = machine!();
    const loadAfter = loadAverage();
    const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const errors = samples.filter((sample) => sample.status !== 200);
    const p99 = percentile(times, 0.99);
    const cockpit = (cpu.used.get('cockpit') ?? 0) / cpu.seconds;
    const generator = (cpu.used.get('load generator') ?? 0) / cpu.seconds;
    const encodings = new Map<string, number>();
    for (const sample of samples) encodings.set(sample.encoding, (encodings.get(sample.encoding) ?? 0) + 1);
    const result = {
      run,
      arm: arm.name,
      calls: samples.length,
      perSecond: samples.length / seconds,
      p50: percentile(times, 0.5),
      p90: percentile(times, 0.9),
      p99,
      max: times.at(-1) ?? Number.NaN,
      errors: errors.length,
      cockpitCores: cockpit,
      cpuMsPerCall: ((cpu.used.get('cockpit') ?? 0) * 1000) / Math.max(1, samples.length),
      loadBefore: loadBefore.value,
      loadAfter,
    };
    console.log(
      `all reads: ${result.calls} calls in ${seconds.toFixed(1)} s, ${result.perSecond.toFixed(1)}/s, ` +
        `p50 ${result.p50.toFixed(1)} ms, p90 ${result.p90.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
        `(goal ${GOAL_MS}), max ${result.max.toFixed(0)} ms, errors ${errors.length}` +
        `${errors.length ? ` (${[...new Set(errors.map((e) => e.status))].join(', ')})` : ''}: ` +
        `${verdict(p99 <= GOAL_MS && errors.length === 0, load)}`,
    );
    console.log(load.text);
    console.log(
      `server CPU ${cockpit.toFixed(2)} cores (${result.cpuMsPerCall.toFixed(2)} ms a call), ` +
        `load generator ${generator.toFixed(2)} cores; load average ${loadBefore.value} -> ${loadAfter}; ` +
        `encodings ${[...encodings].map(([name, count]) => `${name} ${count}`).join(', ')}`,
    );
    const byRoute = new Map<string, Sample[]>();
    for (const sample of samples) byRoute.set(sample.route, [...(byRoute.get(sample.route) ?? []), sample]);
    console.log('per route: p50 / p99 ms, mean bytes on the wire');
    for (const [route, list] of [...byRoute].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = list.map((sample) => sample.ms).sort((a, b) => a - b);
      const bytes = list.reduce((sum, sample) => sum + sample.bytes, 0) / list.length;
      console.log(
        `  ${route.padEnd(44)} ${String(list.length).padStart(6)}  ${percentile(sorted, 0.5).toFixed(1).padStart(6)} / ` +
          `${percentile(sorted, 0.99).toFixed(1).padStart(6)}  ${bytes.toFixed(0).padStart(7)} B`,
      );
    }
    return result;
  } finally {
    await server.stop();
    const stats = /"answerCache":(\{[^}]*\})/.exec(server.output())?.[1];
    if (stats) console.log(`answer cache over the whole run, warm-up included: ${stats}`);
  }
}

export async function embeddedReaders() {
  const all = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const order = run % 2 === 1 ? ARMS : [...ARMS].reverse();
    for (const arm of order) all.push(await oneRun(run, arm));
  }
  for (const arm of ARMS) {
    const results = all.filter((result) => result.arm === arm.name);
    if (results.length < 2) continue;
    const range = (values: number[], digits = 1) =>
      `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
    console.log(
      `\n${arm.name}, ${results.length} runs: p50 ${range(results.map((r) => r.p50))} ms, p99 ${range(results.map((r) => r.p99))} ms, ` +
        `${range(results.map((r) => r.perSecond))} calls/s, ${range(
          results.map((r) => r.cpuMsPerCall),
          2,
        )} ms CPU a call, errors ${results.map((r) => r.errors).join('/')}, ` +
        `server ${range(
          results.map((r) => r.cockpitCores),
          2,
        )} cores, load average ${results.map((r) => `${r.loadBefore.split(' ')[0]}->${r.loadAfter.split(' ')[0]}`).join(', ')}`,
    );
  }
}
