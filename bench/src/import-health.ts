// /api/health latency while four 2 MB inspection XML files are parsed at once (POST /api/events/import/parse), against
// the same probe on an idle server, interleaved in rounds. Goal: p99 under load <= 50 ms.
// The probe is open-loop (one call every PROBE_MS whatever the previous did), so a blocked event loop shows as many
// slow calls, not as one. The API runs as its own process (embedded mode, PGlite) on the built code of this tree.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench import-health
import { Agent } from 'node:http';
import { health, signInDemo } from './demo-client.ts';
import { percentile, verdict, watchMachine } from './machine.ts';
import { startBenchServer } from './server.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PARALLEL = 4;
const FILE_BYTES = 2_000_000;
const PROBE_MS = 10;
const IDLE_MS = 3_000;
const GOAL_MS = 50;

// Calls wait for a free socket rather than time out: a blocked server shows as latency, never as a lost sample.
const probeAgent = new Agent({ keepAlive: true, maxSockets: 32 });

const server = await startBenchServer();
try {
  const cookie = await signInDemo(server.url);
  const xml = inspectionXml(FILE_BYTES);
  const parse = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/events/import/parse`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/xml' },
      body: xml,
    });
    const body = await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, bytes: body.byteLength };
  };
  const check = await parse();
  console.log(
    `one ${(xml.length / 1e6).toFixed(1)} MB file (${countDamages(xml)} damages): ${check.status} in ${check.ms.toFixed(0)} ms, answer ${(check.bytes / 1e6).toFixed(1)} MB`,
  );

  const machine = watchMachine([server.pid]);
  const idle: number[][] = [];
  const loaded: number[][] = [];
  const importMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    idle.push(await probeWhile(server.url, new Promise((resolve) => setTimeout(resolve, IDLE_MS))));
    const imports = Promise.all(Array.from({ length: PARALLEL }, parse));
    loaded.push(await probeWhile(server.url, imports));
    const results = await imports;
    if (results.some((result) => result.status !== 200)) {
      throw new Error(`an import answered ${results.map((result) => result.status).join(', ')}`);
    }
    importMs.push(Math.max(...results.map((result) => result.ms)));
    const last = loaded.at(-1)!;
    console.log(
      `round ${round + 1}: idle p99 ${percentile(idle.at(-1)!, 0.99).toFixed(1)} ms; under ${PARALLEL} imports ` +
        `(${importMs.at(-1)!.toFixed(0)} ms) p50 ${percentile(last, 0.5).toFixed(1)}, p99 ${percentile(last, 0.99).toFixed(1)}, ` +
        `max ${Math.max(...last).toFixed(1)} ms over ${last.length} calls`,
    );
  }
  const load = machine();
  // Over every call of the run: a median of per-round p99s hid two rounds of 109 and 279 ms behind a passing figure.
  const p99Rounds = loaded.map((samples) => percentile(samples, 0.99));
  const p99Loaded = percentile(loaded.flat(), 0.99);
  const p99Idle = percentile(idle.flat(), 0.99);
  console.log(`\n${load.text}`);
  console.log(
    `/api/health p99 under ${PARALLEL} parallel 2 MB imports: ${p99Loaded.toFixed(1)} ms over all ${loaded.flat().length} ` +
      `calls (rounds' p99 ${Math.min(...p99Rounds).toFixed(1)}-${Math.max(...p99Rounds).toFixed(1)} ms), idle ` +
      `${p99Idle.toFixed(1)} ms over ${idle.flat().length} calls, ${(p99Loaded / Math.max(p99Idle, 0.1)).toFixed(1)}x idle; ` +
      `goal <= ${GOAL_MS} ms: ${verdict(p99Loaded <= GOAL_MS, load)}`,
  );
} finally {
  probeAgent.destroy();
  await server.stop();
}

/** Calls /api/health every PROBE_MS until `until` settles; each latency counts from the call's planned start. */
async function probeWhile(url: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: Promise<number>[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const origin = performance.now();
  for (let i = 0; !done; i += 1) {
    const planned = origin + i * PROBE_MS;
    latencies.push(health(url, probeAgent).then(() => performance.now() - planned));
    const wait = planned + PROBE_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await until;
  return Promise.all(latencies);
}

/** A valid inspection file (docs/inspection-xml.md) of about `bytes`, most of it located damages. */
function inspectionXml(bytes: number): string {
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<inspection xmlns="urn:rope-cockpit:inspection:1">
  <timestamp>2026-05-01T08:00:00Z</timestamp>
  <type>mrtInspection</type>
  <bendingCycles>412000</bendingCycles>
  <reportedBy>Benchmark</reportedBy>
  <crossSectionLoss unit="percent">1.5</crossSectionLoss>
  <damages>
`;
  const tail = '  </damages>\n</inspection>\n';
  const lines: string[] = [];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes - 100; i += 1) {
    const line =
      i % 3 === 0
        ? `    <damage position="${(i * 0.7).toFixed(1)}" lossPct="0.${i % 9}" type="corrosion" comment="local corrosion"/>\n`
        : `    <damage position="${(i * 0.7).toFixed(1)}" count="${1 + (i % 4)}" type="wireBreak"/>\n`;
    lines.push(line);
    size += line.length;
  }
  return head + lines.join('') + tail;
}

function countDamages(xml: string): number {
  return xml.split('<damage ').length - 1;
}
