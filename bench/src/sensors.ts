// Sensor readings on PostgreSQL: 100 sensors with 10 million readings in all (DESIGN.md's reference data set).
// - A 300-day range into 2,000 buckets through GET /api/sensors/{id}/measurements-aggregates against a raw date_bin
//   over the same rows, in the same run: goals <= 0.1x and <= 150 ms.
// - A one-hour range (raw rows) through the same call: goal <= 30 ms.
// - Ingestion through POST /api/sensor-devices/{id}/measurements over real HTTP (batches of 10,000, rollups kept)
//   against a bare COPY of the same rows into a table of the same shape: goals >= 50,000 points/s and >= 0.3x COPY.
// - Ingestion over MQTT end to end (published by a device, taken by the intake, committed): goal >= 10,000 points/s.
// Run: DATABASE_URL=postgres://... npx -y pnpm@10.34.8 --filter @rope/bench sensors  (POINTS to scale the data set)
import type { AddressInfo } from 'node:net';
import { queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import postgres from 'postgres';
import { startMqttIntake } from '../../apps/api/src/modules/device-intake/mqtt-intake.ts';
import {
  createApiKey,
  createArea,
  createInstallation,
  createMandator,
  createRope,
  createUser,
} from '../../apps/api/src/test/factories.ts';
import { signIn } from '../../apps/api/src/test/sign-in.ts';
import { createTestApp } from '../../apps/api/src/test/test-app.ts';
import { compareArms } from './measure.ts';

const SENSORS = 100;
const POINTS = Number(process.env.POINTS ?? 10_000_000);
const DAYS = 365;
const INGEST_POINTS = Number(process.env.INGEST_POINTS ?? 200_000);
const BATCH = 10_000;
const MQTT_POINTS = Number(process.env.MQTT_POINTS ?? 100_000);
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 1);
const START = END - DAYS * DAY;

if (!process.env.DATABASE_URL) throw new Error('The sensor bench runs on PostgreSQL: set DATABASE_URL');
const t = await createTestApp();
const direct = postgres(process.env.DATABASE_URL, { max: 2, onnotice: () => {} });
try {
  const started = performance.now();
  const mandator = await createMandator(t.ctx.db);
  const installation = await createInstallation(t.ctx.db, (await createArea(t.ctx.db, mandator.id)).id);
  const rope = await createRope(t.ctx.db, installation.id);
  const admin = await createUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
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
  const perSensor = Math.floor(POINTS / SENSORS);
  const stepMs = Math.floor((DAYS * DAY) / perSensor);
  // The data set in SQL: a daily rhythm, noise and a rare spike per sensor, then the rollups as ingestion keeps them.
  for (const sensorId of sensorIds) {
    await t.ctx.db.execute(sql`
      insert into sensor_measurements (sensor_id, ts, value)
      select ${sensorId}, to_timestamp(${START / 1000}::float8 + i * ${stepMs / 1000}::float8),
        100 + 20 * sin(i * ${(2 * Math.PI * stepMs) / DAY}::float8) + random() * 5 + case when random() < 0.0005 then 80 else 0 end
      from generate_series(0, ${perSensor - 1}) as i`);
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
  await t.ctx.db.execute(sql`analyze`);
  console.log(
    `data set: ${SENSORS} sensors, ${(perSensor * SENSORS).toLocaleString('en-US')} readings over ${DAYS} days, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const sensorId = sensorIds[42]!;
  const aggregates = (from: number, to: number) => async () => {
    const url = `/api/sensors/${sensorId}/measurements-aggregates?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&buckets=2000`;
    const answer = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer;
  };
  const longFrom = END - 300 * DAY;
  const plan = (await aggregates(longFrom, END)()).json();
  const rawDateBin = () =>
    queryRows(
      t.ctx.db,
      sql`select date_bin(make_interval(secs => ${plan.bucketSeconds}), ts, timestamptz '2000-01-01') as b, count(*), min(value), max(value), sum(value)
        from sensor_measurements where sensor_id = ${sensorId} and ts >= ${plan.from}::timestamptz and ts < ${plan.to}::timestamptz
        group by 1 order by 1`,
    );
  const long = await compareArms({
    name: `300 days into ${plan.buckets.length} buckets of ${plan.bucketSeconds / 3600} h (${plan.source} rollup)`,
    candidate: aggregates(longFrom, END),
    baseline: rawDateBin,
    rounds: 9,
    iterations: 5,
    labels: ['API', 'raw date_bin'],
  });
  const hourFrom = END - 30 * DAY;
  const hour = await compareArms({
    name: 'one hour from raw rows',
    candidate: aggregates(hourFrom, hourFrom + 3_600_000),
    baseline: () =>
      queryRows(
        t.ctx.db,
        sql`select ts, value from sensor_measurements where sensor_id = ${sensorId}
          and ts >= ${new Date(hourFrom).toISOString()}::timestamptz and ts < ${new Date(hourFrom + 3_600_000).toISOString()}::timestamptz`,
      ),
    rounds: 9,
    iterations: 20,
    labels: ['API', 'bare select'],
  });

  // Ingestion over HTTP: new readings after the data set, through a real socket as a device sends them.
  const key = (await createApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  const device = devices[0]!;
  const readings = (count: number, offsetMs: number) =>
    Array.from({ length: count }, (_, i) => ({
      sensor: device.sensors[i % 10]!.id,
      ts: new Date(END + offsetMs + Math.floor(i / 10) * 1000).toISOString(),
      value: Math.round(Math.random() * 10_000) / 100,
    }));
  const ingestRuns: { api: number; copy: number }[] = [];
  for (let round = 0; round < 3; round += 1) {
    const rows = readings(INGEST_POINTS, (round + 1) * DAY);
    const bodies = [];
    for (let offset = 0; offset < rows.length; offset += BATCH)
      bodies.push(JSON.stringify({ measurements: rows.slice(offset, offset + BATCH) }));
    const apiStarted = performance.now();
    for (const body of bodies) {
      const answer = await fetch(`${base}/sensor-devices/${device.id}/measurements`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
      if (answer.status !== 200) throw new Error(`ingestion answered ${answer.status}: ${await answer.text()}`);
    }
    const apiSeconds = (performance.now() - apiStarted) / 1000;
    await direct`drop table if exists bench_copy`;
    // The shape of sensor_measurements, its primary key included, on the same server.
    await direct`create table bench_copy (sensor_id integer not null, ts timestamptz not null, value double precision not null, primary key (sensor_id, ts))`;
    const copyStarted = performance.now();
    const writable = await direct`copy bench_copy (sensor_id, ts, value) from stdin`.writable();
    for (let offset = 0; offset < rows.length; offset += BATCH) {
      const text = rows
        .slice(offset, offset + BATCH)
        .map((r) => `${r.sensor}\t${r.ts}\t${r.value}\n`)
        .join('');
      if (!writable.write(text)) await new Promise((resolve) => writable.once('drain', resolve));
    }
    await new Promise<void>((resolve, reject) =>
      writable.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    ingestRuns.push({ api: rows.length / apiSeconds, copy: rows.length / copySeconds });
    console.log(
      `ingestion round ${round + 1}: API ${Math.round(rows.length / apiSeconds).toLocaleString('en-US')} points/s, bare COPY ${Math.round(rows.length / copySeconds).toLocaleString('en-US')} points/s, ${(copySeconds / apiSeconds).toFixed(2)}x`,
    );
  }
  await direct`drop table if exists bench_copy`;
  const apiRate = median(ingestRuns.map((run) => run.api));
  const copyRatio = median(ingestRuns.map((run) => run.api / run.copy));

  // MQTT end to end: a device publishes, the intake imports, until every reading is committed.
  const intake = await startMqttIntake(t.ctx, MQTT_URL, `bench-intake-${process.pid}`);
  const publisher = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-device-${process.pid}` });
  const mqttRows = readings(MQTT_POINTS, 10 * DAY);
  const countNew = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          t.ctx.db,
          sql`select count(*)::int as n from sensor_measurements where sensor_id in (${sql.join(
            device.sensors.map((s) => sql`${s.id}`),
            sql`, `,
          )}) and ts >= ${new Date(END + 10 * DAY).toISOString()}::timestamptz`,
        )
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

  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('\nsummary');
  console.log(
    `300 days: ${long.candidateMs.toFixed(1)} ms, ${long.ratio.toFixed(3)}x the raw date_bin (goals <= 150 ms: ${verdict(long.candidateMs <= 150)}, <= 0.1x: ${verdict(long.ratio <= 0.1)})`,
  );
  console.log(`one hour: ${hour.candidateMs.toFixed(1)} ms (goal <= 30 ms: ${verdict(hour.candidateMs <= 30)})`);
  console.log(
    `HTTP ingestion: ${Math.round(apiRate).toLocaleString('en-US')} points/s, ${copyRatio.toFixed(2)}x a bare COPY (goals >= 50,000: ${verdict(apiRate >= 50_000)}, >= 0.3x: ${verdict(copyRatio >= 0.3)})`,
  );
  console.log(
    `MQTT ingestion: ${Math.round(mqttRate).toLocaleString('en-US')} points/s end to end (goal >= 10,000: ${verdict(mqttRate >= 10_000)})`,
  );
} finally {
  await direct.end({ timeout: 5 });
  await t.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
