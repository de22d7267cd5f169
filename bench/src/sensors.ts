// Sensor readings on PostgreSQL: 100 sensors with 10 million readings in all (DESIGN.md's reference data set), at the
// rates real sensors have: 2 fast ones (a reading every ~10 s, 60 % of the readings), 6 at about a minute (30 %), and
// 92 slow ones (about every 48 min, 10 %).
// - A 300-day range of a fast sensor (millions of readings) into 2,000 buckets through
//   GET /api/sensors/{id}/measurements-aggregates over a real socket with a browser's headers (cookie, encodings)
//   against a raw date_bin over the same rows, in the same run, p50 over every call: goals <= 0.1x and <= 150 ms.
//   The same for a slow sensor, for information.
// - A one-hour range (raw rows) of the fast sensor through the same call: goal <= 30 ms.
// - Ingestion through POST /api/sensor-devices/{id}/measurements over real HTTP (batches of 10,000, rollups kept)
//   against a bare COPY of the same rows (same sensors and values, half a day later) in one statement into the same
//   table with its index, rounds interleaved: goals >= 50,000 points/s and >= 0.3x COPY. The same in batches of
//   100,000 (the API's largest), for information.
// - Ingestion over MQTT end to end (published by a device, taken by the intake, committed): goal >= 10,000 points/s.
// RUNS passes (3 by default) measure on the one data set built at the start.
// Run: DATABASE_URL=postgres://... npx -y pnpm@10.34.8 --filter @rope/bench sensors  (POINTS to scale the data set)
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { queryRows } from '@rope/db/client';
import { MAX_INGEST_BATCH } from '@rope/domain/sensors/limits';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { startMqttIntake } from '../../apps/api/src/modules/device-intake/mqtt-intake.ts';
import {
  seedApiKey,
  seedArea,
  seedInstallation,
  seedMandator,
  seedRope,
  seedUser,
} from '../../apps/api/test/support/factories.ts';
import { signIn } from '../../apps/api/test/support/sign-in.ts';
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { verdict as judge, watchMachine } from './machine.ts';
import { compareOverSocket } from './socket-arms.ts';
import { BROWSER_HEADERS, startSocketClient } from './socket-client.ts';

const SENSORS = 100;
const POINTS = Number(process.env.POINTS ?? 10_000_000);
const RUNS = Number(process.env.RUNS ?? 3);
const DAYS = 365;
const INGEST_POINTS = Number(process.env.INGEST_POINTS ?? 200_000);
const INGEST_ROUNDS = 5;
const BATCH = Number(process.env.BATCH ?? 10_000);
const MQTT_POINTS = Number(process.env.MQTT_POINTS ?? 100_000);
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 1);
const START = END - DAYS * DAY;
/** How the readings are spread: a share of all readings over a number of sensors, fastest first. */
const TIERS = [
  { sensors: 2, share: 0.6 },
  { sensors: 6, share: 0.3 },
  { sensors: SENSORS - 8, share: 0.1 },
] as const;

if (!process.env.DATABASE_URL) throw new Error('The sensor bench runs on PostgreSQL: set DATABASE_URL');
const t = await createTestApp();
const benchUrl = new URL(process.env.DATABASE_URL);
benchUrl.pathname = `/${await databaseName()}`;
// The bench's own connections to the app's database: the baseline and the bookkeeping.
const direct = postgres(benchUrl.toString(), { max: 2, onnotice: () => {} });
// The browser's side of the chart calls: its own thread, one keep-alive socket.
const socket = startSocketClient();
try {
  const started = performance.now();
  const mandator = await seedMandator(t.ctx.db);
  const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
  const rope = await seedRope(t.ctx.db, installation.id);
  const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
  const cookie = await signIn(t.ctx, admin);
  const devices: { id: number; sensors: { id: number }[] }[] = [];
  for (let d = 0; d < SENSORS / 10; d += 1) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/sensor-devices',
      headers: { cookie },
      payload: {
        sensorDevice: {
          name: `Bench device ${d + 1}`,
          rope: { id: rope.id },
          sensors: Array.from({ length: 10 }, (_, s) => ({ name: `Sensor ${s + 1}` })),
        },
      },
    });
    devices.push(answer.json().sensorDevice);
  }
  const sensorIds = devices.flatMap((device) => device.sensors.map((sensor) => sensor.id));
  const counts = readingsPerSensor();
  // The data set in SQL: a daily rhythm, noise and a rare spike per sensor, then the rollups as ingestion keeps them.
  for (const [index, sensorId] of sensorIds.entries()) {
    const count = counts[index]!;
    const stepMs = (DAYS * DAY) / count;
    await t.ctx.db.execute(sql`
      insert into sensor_measurements (sensor_id, ts, value)
      select ${sensorId}, to_timestamp(${START / 1000}::float8 + round(i * ${stepMs}::float8) / 1000),
        100 + 20 * sin(i * ${(2 * Math.PI * stepMs) / DAY}::float8) + random() * 5 + case when random() < 0.0005 then 80 else 0 end
      from generate_series(0, ${count - 1}) as i`);
  }
  for (const [table, width] of [
    ['sensor_measurements_1m', '1 minute'],
    ['sensor_measurements_1h', '1 hour'],
  ] as const) {
    await t.ctx.db.execute(sql`
      insert into ${sql.identifier(table)} (sensor_id, ts, count, sum, min, max)
      select sensor_id, date_bin(${width}::interval, ts, timestamptz '2000-01-01'), count(*), sum(value), min(value), max(value)
      from sensor_measurements group by 1, 2`);
  }
  await direct`vacuum analyze`;
  const total = counts.reduce((sum, count) => sum + count, 0);
  console.log(
    `data set: ${SENSORS} sensors, ${total.toLocaleString('en-US')} readings over ${DAYS} days (${TIERS.map((tier, i) => `${tier.sensors} with ${counts[TIERS.slice(0, i).reduce((n, x) => n + x.sensors, 0)]!.toLocaleString('en-US')}`).join(', ')}), in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const fastSensor = sensorIds[0]!;
  const slowSensor = sensorIds[SENSORS - 1]!;
  const aggregates = (sensorId: number, from: number, to: number) => async () => {
    const url = `/api/sensors/${sensorId}/measurements-aggregates?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&buckets=2000`;
    const answer = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer;
  };
  const longFrom = END - 300 * DAY;
  const aggregatesUrl = (sensorId: number, from: number, to: number) =>
    `/sensors/${sensorId}/measurements-aggregates?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&buckets=2000`;
  /** The chart's call over the socket against a floor, as the run's summary reads it: p50s over every call. */
  const chartOverSocket = async (
    name: string,
    url: string,
    floor: () => Promise<unknown>,
    rounds: number,
    floorName: string,
  ): Promise<ChartResult> => {
    const result = await compareOverSocket(
      socket,
      floor,
      { name, url: `${base}${url}`, headers: { ...BROWSER_HEADERS, cookie } },
      { rounds, perRound: 3, floorName },
    );
    return { ratio: result.ratio, candidateMs: result.ms.p50, p95Ms: result.ms.p95, baselineMs: result.floorMs };
  };
  const compareLong = async (sensorId: number, label: string, rounds: number) => {
    const plan = (await aggregates(sensorId, longFrom, END)()).json();
    const [counted] = await direct<{ n: number }[]>`select count(*)::int as n from sensor_measurements
      where sensor_id = ${sensorId} and ts >= ${plan.from}::timestamptz and ts < ${plan.to}::timestamptz`;
    const n = counted?.n ?? 0;
    return chartOverSocket(
      `${label}: 300 days (${n.toLocaleString('en-US')} readings) into ${plan.buckets.length} buckets of ${plan.bucketSeconds / 3600} h (${plan.source} rollup)`,
      aggregatesUrl(sensorId, longFrom, END),
      () =>
        queryRows(
          t.ctx.db,
          sql`select date_bin(make_interval(secs => ${plan.bucketSeconds}), ts, timestamptz '2000-01-01') as b, count(*), min(value), max(value), sum(value)
            from sensor_measurements where sensor_id = ${sensorId} and ts >= ${plan.from}::timestamptz and ts < ${plan.to}::timestamptz
            group by 1 order by 1`,
        ),
      rounds,
      'the raw date_bin',
    );
  };

  const key = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  const device = devices[devices.length - 1]!;
  const deviceSensorIds = device.sensors.map((sensor) => sensor.id);
  const readings = (count: number, fromMs: number) =>
    Array.from({ length: count }, (_, i) => ({
      sensor: device.sensors[i % 10]!.id,
      ts: new Date(fromMs + Math.floor(i / 10) * 1000).toISOString(),
      value: Math.round(Math.random() * 10_000) / 100,
    }));

  // Judged only while other processes leave the cores to the bench (its database's server processes are its own).
  const machine = watchMachine([], { database: await databaseName() });
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    console.log(`\nrun ${run + 1} of ${RUNS}`);
    const long = await compareLong(fastSensor, 'fast sensor', 9);
    const slow = await compareLong(slowSensor, 'slow sensor', 5);
    const hourFrom = END - 30 * DAY + run * 3_600_000;
    const hour = await chartOverSocket(
      'fast sensor: one hour from raw rows',
      aggregatesUrl(fastSensor, hourFrom, hourFrom + 3_600_000),
      () =>
        queryRows(
          t.ctx.db,
          sql`select ts, value from sensor_measurements where sensor_id = ${fastSensor}
            and ts >= ${new Date(hourFrom).toISOString()}::timestamptz and ts < ${new Date(hourFrom + 3_600_000).toISOString()}::timestamptz`,
        ),
      9,
      'a bare select',
    );

    // Ingestion over HTTP: new readings after the data set, through a real socket as a device sends them. The
    // baseline copies the same sensors and values half a day later into the same table; its rows are taken out
    // again afterwards (untimed) so the readings stay what the rollups say. The arms alternate which goes first.
    const runStart = END + run * 30 * DAY;
    const measureIngestion = async (batch: number, rounds: number, firstDay: number) => {
      const ingestRuns: { points: number; api: number; copy: number }[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const roundStart = runStart + (firstDay + round) * DAY;
        const rows = readings(INGEST_POINTS, roundStart);
        const copyOffset = DAY / 2;
        const bodies = bodiesOf(rows, batch);
        const texts = copyTextsOf(rows, copyOffset);
        const arms = {
          api: () => ingestOverHttp(bodies),
          copy: () => copyBare(texts),
        };
        const order = round % 2 === 0 ? (['api', 'copy'] as const) : (['copy', 'api'] as const);
        const seconds = { api: 0, copy: 0 };
        for (const arm of order) {
          const armStarted = performance.now();
          await arms[arm]();
          seconds[arm] = (performance.now() - armStarted) / 1000;
        }
        await direct`delete from sensor_measurements where sensor_id in ${direct(deviceSensorIds)}
          and ts >= ${new Date(roundStart + copyOffset).toISOString()}::timestamptz and ts < ${new Date(roundStart + DAY).toISOString()}::timestamptz`;
        ingestRuns.push({ points: rows.length, api: seconds.api, copy: seconds.copy });
        console.log(
          `ingestion in batches of ${batch.toLocaleString('en-US')}, round ${round + 1}: API ${Math.round(rows.length / seconds.api).toLocaleString('en-US')} points/s, bare COPY ${Math.round(rows.length / seconds.copy).toLocaleString('en-US')} points/s, ${(seconds.copy / seconds.api).toFixed(2)}x`,
        );
      }
      // Rates over every round's points and seconds together: a slow round counts as much as it took.
      const points = ingestRuns.reduce((sum, r) => sum + r.points, 0);
      const apiRate = points / ingestRuns.reduce((sum, r) => sum + r.api, 0);
      const copyRate = points / ingestRuns.reduce((sum, r) => sum + r.copy, 0);
      return { apiRate, copyRate, copyRatio: apiRate / copyRate };
    };
    const ingestion = await measureIngestion(BATCH, INGEST_ROUNDS, 1);
    const largeIngestion = await measureIngestion(MAX_INGEST_BATCH, 3, INGEST_ROUNDS + 1);

    // MQTT end to end: a device publishes, the intake imports, until every reading is committed.
    const intake = await startMqttIntake(t.ctx, MQTT_URL, `bench-intake-${process.pid}`);
    const publisher = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-device-${process.pid}` });
    const mqttFrom = runStart + 20 * DAY;
    const mqttRows = readings(MQTT_POINTS, mqttFrom);
    const countNew = async () =>
      Number(
        (
          await direct<{ n: number }[]>`select count(*)::int as n from sensor_measurements
            where sensor_id in ${direct(deviceSensorIds)} and ts >= ${new Date(mqttFrom).toISOString()}::timestamptz
            and ts < ${new Date(mqttFrom + 5 * DAY).toISOString()}::timestamptz`
        )[0]?.n ?? 0,
      );
    const mqttStarted = performance.now();
    for (let offset = 0; offset < mqttRows.length; offset += 1_000) {
      await publisher.publishAsync(
        `rope-cockpit/sensor-devices/${device.id}/measurements`,
        JSON.stringify({ measurements: mqttRows.slice(offset, offset + 1_000) }),
        { qos: 1 },
      );
    }
    while ((await countNew()) < mqttRows.length) await new Promise((resolve) => setTimeout(resolve, 20));
    const mqttRate = mqttRows.length / ((performance.now() - mqttStarted) / 1000);
    await publisher.endAsync();
    await intake.close();
    const cleanup = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-intake-${process.pid}`, clean: true });
    await cleanup.endAsync();

    const result: RunResult = {
      long,
      slow,
      hour,
      ...ingestion,
      large: largeIngestion,
      mqttRate,
    };
    results.push(result);
    printRun(`run ${run + 1}`, result);
  }

  const load = machine();
  console.log(`\n${load.text}`);
  // The ratio to the raw scan is a goal at 10 million readings: fewer make the raw scan cheaper, the API's cost not.
  const atScale = POINTS >= 10_000_000;
  const verdict = (ok: boolean) => judge(ok, load);
  const ratioVerdict = (ok: boolean) =>
    atScale ? verdict(ok) : `not judged (the goal is for 10,000,000 readings, not ${POINTS.toLocaleString('en-US')})`;
  const spread = (values: number[], digits: number, unit = '') => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (v: number) => (digits < 0 ? Math.round(v).toLocaleString('en-US') : v.toFixed(digits));
    return `${f(median(sorted))}${unit} (runs ${sorted.map(f).join(', ')})`;
  };
  const worst = {
    longMs: Math.max(...results.map((r) => r.long.candidateMs)),
    longRatio: Math.max(...results.map((r) => r.long.ratio)),
    hourMs: Math.max(...results.map((r) => r.hour.candidateMs)),
    apiRate: Math.min(...results.map((r) => r.apiRate)),
    copyRatio: Math.min(...results.map((r) => r.copyRatio)),
    mqttRate: Math.min(...results.map((r) => r.mqttRate)),
  };
  console.log(`\nsummary of ${RUNS} runs: median (every run); goals judged on the worst run`);
  console.log(
    `300 days, fast sensor: ${spread(
      results.map((r) => r.long.candidateMs),
      1,
      ' ms',
    )}; ${spread(
      results.map((r) => r.long.ratio),
      3,
      'x',
    )} the raw date_bin (${spread(
      results.map((r) => r.long.baselineMs),
      0,
      ' ms',
    )}) (goals <= 150 ms: ${verdict(worst.longMs <= 150)}, <= 0.1x: ${ratioVerdict(worst.longRatio <= 0.1)})`,
  );
  console.log(
    `300 days, slow sensor: ${spread(
      results.map((r) => r.slow.candidateMs),
      1,
      ' ms',
    )}; ${spread(
      results.map((r) => r.slow.ratio),
      2,
      'x',
    )} the raw date_bin (${spread(
      results.map((r) => r.slow.baselineMs),
      1,
      ' ms',
    )}) (for information)`,
  );
  console.log(
    `one hour: ${spread(
      results.map((r) => r.hour.candidateMs),
      1,
      ' ms',
    )} (goal <= 30 ms: ${verdict(worst.hourMs <= 30)})`,
  );
  console.log(
    `HTTP ingestion: ${spread(
      results.map((r) => r.apiRate),
      -1,
      ' points/s',
    )}; bare COPY ${spread(
      results.map((r) => r.copyRate),
      -1,
      ' points/s',
    )}; ${spread(
      results.map((r) => r.copyRatio),
      2,
      'x',
    )} a bare COPY (goals >= 50,000: ${verdict(worst.apiRate >= 50_000)}, >= 0.3x: ${verdict(worst.copyRatio >= 0.3)})`,
  );
  console.log(
    `HTTP ingestion in batches of ${MAX_INGEST_BATCH.toLocaleString('en-US')}: ${spread(
      results.map((r) => r.large.apiRate),
      -1,
      ' points/s',
    )}; ${spread(
      results.map((r) => r.large.copyRatio),
      2,
      'x',
    )} a bare COPY (for information)`,
  );
  console.log(
    `MQTT ingestion: ${spread(
      results.map((r) => r.mqttRate),
      -1,
      ' points/s',
    )} end to end (goal >= 10,000: ${verdict(worst.mqttRate >= 10_000)})`,
  );

  /** The bodies of the batches a device sends, built before the clock starts. */
  function bodiesOf(rows: ReturnType<typeof readings>, batch: number): string[] {
    const bodies: string[] = [];
    for (let offset = 0; offset < rows.length; offset += batch)
      bodies.push(JSON.stringify({ measurements: rows.slice(offset, offset + batch) }));
    return bodies;
  }

  async function ingestOverHttp(bodies: readonly string[]) {
    for (const body of bodies) {
      const answer = await fetch(`${base}/sensor-devices/${device.id}/measurements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      if (answer.status !== 200) throw new Error(`ingestion answered ${answer.status}: ${await answer.text()}`);
    }
  }

  /** The same batches as COPY text, each row `offsetMs` later, built before the clock starts as the bodies are. */
  function copyTextsOf(rows: ReturnType<typeof readings>, offsetMs: number): string[] {
    const texts: string[] = [];
    for (let offset = 0; offset < rows.length; offset += BATCH)
      texts.push(
        rows
          .slice(offset, offset + BATCH)
          .map((r) => `${r.sensor}\t${new Date(Date.parse(r.ts) + offsetMs).toISOString()}\t${r.value}\n`)
          .join(''),
      );
    return texts;
  }

  /**
   * All the rows in one COPY into sensor_measurements itself, one transaction: the strongest bare COPY (the API
   * commits once a batch).
   */
  async function copyBare(texts: readonly string[]) {
    await pipeline(
      Readable.from(texts),
      await direct`copy sensor_measurements (sensor_id, ts, value) from stdin`.writable(),
    );
  }
} finally {
  await socket.close();
  await direct.end({ timeout: 5 });
  await t.close();
}

/** A chart call against its floor: p50s (and the call's p95) over every call of the run. */
interface ChartResult {
  ratio: number;
  candidateMs: number;
  p95Ms: number;
  baselineMs: number;
}

interface RunResult {
  long: ChartResult;
  slow: ChartResult;
  hour: ChartResult;
  apiRate: number;
  copyRate: number;
  copyRatio: number;
  /** The same at the API's largest batch. */
  large: { apiRate: number; copyRate: number; copyRatio: number };
  mqttRate: number;
}

function printRun(label: string, r: RunResult) {
  console.log(
    `${label}: 300 days ${r.long.candidateMs.toFixed(1)} ms, ${r.long.ratio.toFixed(3)}x raw; slow sensor ${r.slow.ratio.toFixed(2)}x; one hour ${r.hour.candidateMs.toFixed(1)} ms; HTTP ${Math.round(r.apiRate).toLocaleString('en-US')} points/s, ${r.copyRatio.toFixed(2)}x COPY (batches of ${MAX_INGEST_BATCH.toLocaleString('en-US')}: ${r.large.copyRatio.toFixed(2)}x); MQTT ${Math.round(r.mqttRate).toLocaleString('en-US')} points/s`,
  );
}

/** Readings per sensor, fastest first: each tier's share split evenly, the remainder to the first sensors. */
function readingsPerSensor(): number[] {
  const counts: number[] = [];
  let left = POINTS;
  for (const [i, tier] of TIERS.entries()) {
    const tierTotal = i === TIERS.length - 1 ? left : Math.floor(POINTS * tier.share);
    left -= tierTotal;
    for (let s = 0; s < tier.sensors; s += 1)
      counts.push(Math.floor(tierTotal / tier.sensors) + (s < tierTotal % tier.sensors ? 1 : 0));
  }
  return counts;
}

async function databaseName(): Promise<string> {
  const [row] = await queryRows<{ name: string }>(t.ctx.db, sql`select current_database() as name`);
  return row!.name;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
