import type { Database } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import { sensorDevices, sensors } from '@rope/db/schema/index';
import { createTestDatabase } from '@rope/db/test-database';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { ROLLUPS, rollUp } from '@rope/domain/sensors/rollup';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/random.ts';
import { rollupTableName } from './rollup-sql.ts';
import { insertReadings, insertReadingsInOneStatement } from './store-readings.ts';

interface Reading {
  ts: string;
  value: number;
}

const AROUND_ORIGIN = Date.UTC(1999, 11, 31, 22);
const IN_2026 = Date.UTC(2026, 2, 29, 0, 30);
const FOUR_HOURS = 4 * 3_600_000;

/**
 * Readings at random milliseconds on both sides of the rollups' origin and around a change to summer time, some
 * written with an offset. Values are quarters, so every sum is exact in any order and the paths compare exactly.
 */
function randomReadings(seed: number, count: number): Reading[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const ms = (random() < 0.5 ? AROUND_ORIGIN : IN_2026) + Math.floor(random() * FOUR_HOURS);
    const ts =
      random() < 0.2 ? `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, 23)}+02:00` : new Date(ms).toISOString();
    return { ts, value: Math.round(random() * 3_200 - 1_600) / 4 };
  });
}

/** Batches as a device delivers them: overlapping resends, one going back in time, one repeating its own rows. */
function batchesOf(readings: readonly Reading[]): Reading[][] {
  const third = Math.floor(readings.length / 3);
  const first = readings.slice(0, 2 * third);
  return [
    first,
    readings.slice(third, 2 * third + 50).reverse(),
    [...readings.slice(2 * third), ...readings.slice(2 * third, 2 * third + 40).map((r) => ({ ...r, value: 0 }))],
  ];
}

describe('the rollups of ingested readings', () => {
  let database: Database;
  let rowPathSensor: number;
  let ingestionSensor: number;
  const readings = randomReadings(11, 1_500);

  beforeAll(async () => {
    database = await createTestDatabase();
    const [device] = await database.db.insert(sensorDevices).values({ name: 'SB-R' }).returning();
    const created = await database.db
      .insert(sensors)
      .values([
        { deviceId: device!.id, name: 'Row path' },
        { deviceId: device!.id, name: 'Ingestion path' },
      ])
      .returning();
    rowPathSensor = created[0]!.id;
    ingestionSensor = created[1]!.id;
  });
  afterAll(() => database.close());

  const stored = (table: string, sensor: number) =>
    queryRows<{ ts: string; count: number; sum: number; min: number; max: number }>(
      database.db,
      sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts, count, sum, min, max
        from ${sql.identifier(table)} where sensor_id = ${sensor} order by ts`,
    );

  it('are the same rows through COPY (on PostgreSQL) and through one INSERT, the rows the domain rule sums', async () => {
    const as = (sensor: number, batch: readonly Reading[]): SensorReading[] => batch.map((r) => ({ sensor, ...r }));
    const inserted = { rowPath: 0, ingestion: 0 };
    for (const batch of batchesOf(readings)) {
      inserted.rowPath += await insertReadingsInOneStatement(database.db, as(rowPathSensor, batch));
      inserted.ingestion += await insertReadings(database, as(ingestionSensor, batch));
    }
    // The first reading of each instant stays, as both paths keep it.
    const kept = new Map<number, number>();
    for (const { ts, value } of batchesOf(readings).flat()) {
      const ms = Date.parse(ts);
      if (!kept.has(ms)) kept.set(ms, value);
    }
    expect(inserted).toEqual({ rowPath: kept.size, ingestion: kept.size });
    for (const rollup of ROLLUPS) {
      const expected = rollUp(
        [...kept].map(([ms, value]) => ({ sensor: 0, ms, value })),
        rollup.seconds,
      )
        .sort((a, b) => a.bucketMs - b.bucketMs)
        .map(({ bucketMs, count, sum, min, max }) => ({ ts: new Date(bucketMs).toISOString(), count, sum, min, max }));
      const table = rollupTableName(rollup.name);
      const rowPath = await stored(table, rowPathSensor);
      expect(
        rowPath.map((row) => ({ ...row, count: Number(row.count) })),
        rollup.name,
      ).toEqual(expected);
      expect(await stored(table, ingestionSensor), rollup.name).toEqual(rowPath);
    }
  });
});
