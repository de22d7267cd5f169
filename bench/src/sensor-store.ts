// The sensor store at 100 million readings, as the app keeps it (one table for the raw readings and one for each
// rollup) against the same tables partitioned by month (docs/scaling.md), on one PostgreSQL server, same rows:
// - the charts a user asks: 300 days of a fast and of a slow sensor (hour rollup), a day (minute rollup) and an
//   hour (raw rows), with the chart route's own bucket query;
// - the raw date_bin over 300 days of a fast sensor (what the rollup spares the chart), once, for information;
// - ingestion: 200,000 readings of 10 sensors stored as the API's COPY path stores them (COPY, rollups summed in
//   Node and added in one statement, one transaction), into the month after the data set; removed again untimed;
// - retention: the oldest month gone, a DELETE of its rows from each table against dropping its partitions, each in
//   a transaction rolled back so the data set stays whole.
// Each measure alternates the layouts, all calls kept, p50 and p95 over all of them.
// POINTS (100,000,000) scales the data set, ROUNDS (5) the rounds of each read. The data set is kept in the database
// rope_bench_sensor_store_<POINTS> between runs (building 100 million readings takes a quarter of an hour): FRESH=1
// builds it again, DROP=1 drops it at the end.
// Run: DATABASE_URL=postgres://... npx -y pnpm@10.34.8 --filter @rope/bench sensor-store
import { planBuckets } from '@rope/domain/sensors/buckets';
import postgres from 'postgres';
import { watchMachine } from './machine.ts';
import { alternate, chartQuery, describeSamples, ingest, newReadings, removeFrom } from './sensor-store/arms.ts';
import { buildLayout, tiersOf } from './sensor-store/build.ts';
import { LAYOUTS, type Layout, monthsOf, TABLES, tableBytes } from './sensor-store/layouts.ts';

const POINTS = Number(process.env.POINTS ?? 100_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CALLS = 10;
const INGEST_POINTS = 200_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const END = Date.UTC(2026, 11, 1);
const START = END - 365 * DAY;
const DATABASE = `rope_bench_sensor_store_${POINTS}`;

if (!process.env.DATABASE_URL) throw new Error('The sensor store bench runs on PostgreSQL: set DATABASE_URL');
const serverUrl = process.env.DATABASE_URL;
const storeUrl = new URL(serverUrl);
storeUrl.pathname = `/${DATABASE}`;
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

const months = monthsOf(START, END);
const tiers = tiersOf(POINTS, START, END);
const fast = tiers[0]!.firstSensor;
const slow = tiers[2]!.firstSensor;

const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
if (process.env.FRESH === '1') await server.unsafe(`drop database if exists ${DATABASE} with (force)`);
const exists = await server.unsafe('select 1 from pg_database where datname = $1', [DATABASE]);
if (exists.length === 0) await server.unsafe(`create database ${DATABASE}`);
const store = postgres(storeUrl.toString(), { max: 2, onnotice: () => {} });
await store.unsafe('create table if not exists store_meta (points bigint not null, built jsonb not null)');
const [built] = await store.unsafe<{ points: string; built: unknown }[]>('select points::text, built from store_meta');

if (Number(built?.points) !== POINTS) {
  log(`building ${POINTS.toLocaleString('en')} readings of 100 sensors over 365 days in both layouts, side by side`);
  const seconds = await Promise.all(
    LAYOUTS.map(async (layout) => {
      const connection = postgres(storeUrl.toString(), { max: 1, onnotice: () => {} });
      const result = await buildLayout(connection, layout, { tiers, start: START, end: END, months, progress: log });
      await connection.end();
      return [layout, result] as const;
    }),
  );
  await store.unsafe('delete from store_meta');
  await store.unsafe('insert into store_meta values ($1, $2)', [POINTS, JSON.stringify(Object.fromEntries(seconds))]);
}
const [meta] = await store.unsafe<{ built: string }[]>("select built #>> '{}' as built from store_meta");
const buildSeconds = JSON.parse(meta?.built ?? '{}') as Record<Layout, Record<string, number>>;
const gib = (value: number) => `${(value / 2 ** 30).toFixed(2)} GiB`;
for (const layout of LAYOUTS) {
  const [rows] = await store.unsafe<{ n: string }[]>(`select count(*)::text as n from ${layout}.sensor_measurements`);
  const bytes = await tableBytes(store, layout);
  const each = TABLES.map((table) => `${table} ${gib(bytes[table] ?? 0)}`).join(', ');
  const all = Object.values(bytes).reduce((sum, value) => sum + value, 0);
  const built = Object.entries(buildSeconds[layout] ?? {}).map(([part, seconds]) => `${part} ${Math.round(seconds)} s`);
  log(`${layout}: ${Number(rows?.n).toLocaleString('en')} readings, ${gib(all)} with indexes (${each})`);
  log(`${layout}: built in ${built.join(', ')} (both layouts at once on one server)`);
}

const connections = Object.fromEntries(
  LAYOUTS.map((layout) => [
    layout,
    postgres(storeUrl.toString(), { max: 1, onnotice: () => {}, connection: { search_path: layout } }),
  ]),
) as Record<Layout, postgres.Sql>;
// The database's processes that serve the bench's connections count as the bench's own.
const backends = await Promise.all(
  Object.values(connections).map(
    async (sql) => (await sql.unsafe<{ pid: number }[]>('select pg_backend_pid() as pid'))[0]!.pid,
  ),
);
const machine = watchMachine(backends);

const reads = [
  { name: '300 days of a fast sensor (hour rollup)', sensor: fast, span: 300 * DAY, shift: 0 },
  { name: '300 days of a slow sensor (hour rollup)', sensor: slow, span: 300 * DAY, shift: 0 },
  { name: 'a day of a fast sensor (minute rollup)', sensor: fast, span: DAY, shift: DAY },
  { name: 'an hour of a fast sensor (raw rows)', sensor: fast, span: HOUR, shift: 7 * HOUR },
];
for (const read of reads) {
  // Each call asks another range back from the end, as people look at different days.
  const plan = (call: number) => planBuckets(END - read.span - call * read.shift, END - call * read.shift);
  await alternate(1, 1, (layout) => chartQuery(connections[layout], plan(0), read.sensor));
  const samples = await alternate(ROUNDS, CALLS, (layout, call) =>
    chartQuery(connections[layout], plan(call), read.sensor),
  );
  log(`${describeSamples(`${read.name}, ${plan(0).source}`, samples)}`);
}

const raw = { source: 'raw' as const, bucketSeconds: 14_400, from: END - 300 * DAY, to: END };
log(
  describeSamples(
    '300 days of a fast sensor from the raw rows',
    await alternate(1, 1, (layout) => chartQuery(connections[layout], raw, fast)),
  ),
);

const ingestSensors = Array.from({ length: 10 }, (_, i) => tiers[1]!.firstSensor + i);
const batch = newReadings(ingestSensors, INGEST_POINTS, END);
const ingestion = await alternate(
  3,
  1,
  (layout) => ingest(connections[layout], batch),
  (layout) => removeFrom(connections[layout], END),
);
log(describeSamples(`ingestion of ${INGEST_POINTS.toLocaleString('en')} readings`, ingestion));

/** Thrown to end a transaction with a rollback. */
class RolledBack extends Error {}
const oldest = months[0]!;
const retention = await alternate(2, 1, (layout) =>
  connections[layout]
    .begin(async (tx) => {
      for (const table of TABLES) {
        if (layout === 'plain') await tx.unsafe(`delete from ${table} where ts < $1`, [oldest.to.toISOString()]);
        else await tx.unsafe(`drop table ${table}_${oldest.name}`);
      }
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    }),
);
log(describeSamples(`retention: month ${oldest.name} gone (DELETE against DROP, rolled back)`, retention));
log(machine().text);

await Promise.all([...Object.values(connections).map((sql) => sql.end()), store.end()]);
if (process.env.DROP === '1') await server.unsafe(`drop database if exists ${DATABASE} with (force)`);
await server.end();
