import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, type Db, openDatabase, queryRows } from '@rope/db/client';
import { createTestDatabase, openMigratedDataDir } from '@rope/db/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { missingServerDatabase, waitFor } from './machine.ts';
import { type ApiServer, call, killHard, startApi } from './processes.ts';
import { type FaultWorld, seedFaultWorld, wireBreak } from './seed.ts';
import { batchRange, READINGS_PER_SENSOR, readingsBatch, startWriteTraffic } from './write-traffic.ts';

interface Mode {
  /** Settings of the server beside DATA_DIR. */
  env: Record<string, string>;
  /** The database the test seeds and checks; open only while no server runs on it (PGlite has one owner). */
  open(): Promise<Database>;
  release(database: Database): Promise<void>;
  cleanUp(): Promise<void>;
}

async function postgresMode(): Promise<Mode> {
  const database = await createTestDatabase();
  return {
    env: { DATABASE_URL: database.url! },
    open: async () => database,
    release: async () => {},
    cleanUp: () => database.close(),
  };
}

async function pgliteMode(dataDir: string): Promise<Mode> {
  let made = false;
  const open = async () => {
    const dir = join(dataDir, 'db');
    const database = made ? await openDatabase({ dataDir: dir }) : await openMigratedDataDir(dir);
    made = true;
    await database.migrate();
    return database;
  };
  return { env: {}, open, release: (database) => database.close(), cleanUp: async () => {} };
}

const postgresSkip = missingServerDatabase();
const modes: [string, (dataDir: string) => Promise<Mode>, string | undefined][] = [
  ['PostgreSQL', () => postgresMode(), postgresSkip],
  ['the embedded PGlite', pgliteMode, undefined],
];

describe.each(modes)('the API process killed mid-write on %s', (name, makeMode, skipReason) => {
  // Made by the test, not while the file is collected: a skipped test would leave it behind.
  let dataDir: string | undefined;
  let mode: Mode | undefined;
  let api: ApiServer | undefined;
  let failed = false;
  afterAll(async () => {
    if (api) await killHard(api.process);
    await mode?.cleanUp();
    // A failure keeps the data directory, to open the database as the kill left it.
    if (failed) console.error(`${name}: the data directory is kept in ${dataDir}`);
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(Boolean(skipReason))(
    `keeps every acknowledged write, none half-written, and serves again after a restart${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    async () => {
      onTestFailed(() => {
        failed = true;
      });
      dataDir = mkdtempSync(join(tmpdir(), 'rope-fault-api-'));
      mode = await makeMode(dataDir);
      let database = await mode.open();
      const world = await seedFaultWorld(database.db);
      await mode.release(database);
      const env = { ...mode.env, DATA_DIR: dataDir };
      api = await startApi(env);

      const traffic = startWriteTraffic(api.url, world, 4);
      await waitFor(
        'acknowledged writes',
        () => traffic.ackedBatches.size >= 10 && traffic.ackedEvents.size >= 10,
        60_000,
      );
      expect(traffic.inFlight()).toBeGreaterThan(0);
      await killHard(api.process);
      await traffic.stop();
      expect(traffic.refused).toEqual([]);
      const acked = { batches: [...traffic.ackedBatches], events: [...traffic.ackedEvents] };
      console.info(
        `${name}: killed with ${traffic.unanswered.length} writes unanswered after ${acked.batches.length} batches and ${acked.events.length} events acknowledged`,
      );

      api = await startApi(env);
      const read = await call(`${api.url}/api/ropes/${world.ropeId}`, { key: world.internalKey });
      expect(read.status, read.text).toBe(200);
      const write = await call(`${api.url}/api/events`, {
        method: 'POST',
        key: world.internalKey,
        body: wireBreak(world.ropeId, 'after the restart'),
      });
      expect(write.status, write.text).toBe(200);
      const readings = await call(`${api.url}/api/sensor-devices/${world.deviceId}/measurements`, {
        method: 'POST',
        key: world.importKey,
        body: { measurements: readingsBatch(world, 100_000) },
      });
      expect(readings.status, readings.text).toBe(200);
      expect(readings.body).toEqual({ inserted: READINGS_PER_SENSOR * world.sensorIds.length, duplicates: 0 });
      const stopped = api.process;
      expect(await stopped.stop(), stopped.output().slice(-3000)).toBe(0);
      api = undefined;

      database = await mode.open();
      try {
        await expectWholeWrites(database.db, world, acked);
      } finally {
        await mode.release(database);
      }
    },
    240_000,
  );
});

async function expectWholeWrites(db: Db, world: FaultWorld, acked: { batches: number[]; events: string[] }) {
  const batchSize = READINGS_PER_SENSOR * world.sensorIds.length;
  const counts = await queryRows<{ k: number; n: number }>(
    db,
    sql`select floor(extract(epoch from ts - ${batchRange(0)[0].toISOString()}::timestamptz) / 1000)::int as k,
               count(*)::int as n
        from sensor_measurements where sensor_id in ${world.sensorIds} group by 1`,
  );
  const stored = new Map(counts.map((row) => [Number(row.k), Number(row.n)]));
  for (const k of acked.batches) expect(stored.get(k), `acknowledged batch ${k}`).toBe(batchSize);
  // A batch the kill cut off is there whole or not at all.
  for (const [k, n] of stored) expect(n, `batch ${k}`).toBe(batchSize);

  for (const [table, width] of [
    ['sensor_measurements_1m', '1 minute'],
    ['sensor_measurements_1h', '1 hour'],
  ] as const) {
    const differing = await queryRows(
      db,
      sql`with raw as (
            select sensor_id, date_bin(${width}::interval, ts, '2000-01-01T00:00:00Z'::timestamptz) as ts,
                   count(*)::int as count, sum(value) as sum, min(value) as min, max(value) as max
            from sensor_measurements group by 1, 2)
          select * from raw full join ${sql.identifier(table)} rollup using (sensor_id, ts)
          where raw.count is distinct from rollup.count or raw.sum is distinct from rollup.sum
             or raw.min is distinct from rollup.min or raw.max is distinct from rollup.max`,
    );
    expect(differing, `${table} against the readings`).toEqual([]);
  }

  const events = await queryRows<{ description: string; history: number }>(
    db,
    sql`select e.attributes->>'description' as description, count(h.id)::int as history
        from rope_events e left join rope_event_history h on h.event_id = e.id
        where e.rope_id = ${world.ropeId} group by e.id`,
  );
  const descriptions = events.map((event) => event.description);
  expect(descriptions).toEqual(expect.arrayContaining([...acked.events, 'after the restart']));
  // Every event has the history row written with it.
  expect(events.filter((event) => Number(event.history) !== 1)).toEqual([]);
}
