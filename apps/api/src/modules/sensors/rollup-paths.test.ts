import type { Database } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import { sensorDevices, sensors } from '@rope/db/schema/index';
import { createTestDatabase } from '@rope/db/test-database';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { ROLLUPS, rollUp } from '@rope/domain/sensors/rollup';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/random.ts';
import { copyReadings } from './copy-readings.ts';
import { rollupTableName } from './rollup-sql.ts';
import { COPY_FROM_READINGS, insertReadings, insertReadingsInOneStatement } from './store-readings.ts';

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
  let copySensor: number;
  /** Sensors that concurrent batches write to. */
  let busySensors: number[];
  const readings = randomReadings(11, 1_350);

  beforeAll(async () => {
    database = await createTestDatabase();
    const [device] = await database.db.insert(sensorDevices).values({ name: 'SB-R' }).returning();
    const created = await database.db
      .insert(sensors)
      .values([
        { deviceId: device!.id, name: 'Row path' },
        { deviceId: device!.id, name: 'Ingestion path' },
        { deviceId: device!.id, name: 'COPY path' },
        ...[1, 2, 3].map((i) => ({ deviceId: device!.id, name: `Busy ${i}` })),
      ])
      .returning();
    [rowPathSensor, ingestionSensor, copySensor] = created.map((sensor) => sensor.id) as [number, number, number];
    busySensors = created.slice(3).map((sensor) => sensor.id);
  });
  afterAll(() => database.close());

  const stored = (table: string, sensor: number) =>
    queryRows<{ ts: string; count: number; sum: number; min: number; max: number }>(
      database.db,
      sql`select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts, count, sum, min, max
        from ${sql.identifier(table)} where sensor_id = ${sensor} order by ts`,
    );

  const as = (sensor: number, batch: readonly Reading[]): SensorReading[] => batch.map((r) => ({ sensor, ...r }));

  /** What the domain's rule sums from readings, as the rollup tables hold it (the first reading of an instant kept). */
  function expectedRollup(seconds: number, batches: readonly Reading[][]) {
    const kept = new Map<number, number>();
    for (const { ts, value } of batches.flat()) {
      const ms = Date.parse(ts);
      if (!kept.has(ms)) kept.set(ms, value);
    }
    return rollUp(
      [...kept].map(([ms, value]) => ({ sensor: 0, ms, value })),
      seconds,
    )
      .sort((a, b) => a.bucketMs - b.bucketMs)
      .map(({ bucketMs, count, sum, min, max }) => ({ ts: new Date(bucketMs).toISOString(), count, sum, min, max }));
  }

  it('are the same rows through COPY (on PostgreSQL), the locked INSERT of small batches and one INSERT, the rows the domain rule sums', async () => {
    const batches = batchesOf(readings);
    expect(
      batches.map((batch) => batch.length < COPY_FROM_READINGS),
      'ingestion takes each batch in one INSERT',
    ).toEqual([true, true, true]);
    const inserted = { rowPath: 0, ingestion: 0, copy: 0 };
    for (const batch of batches) {
      inserted.rowPath += await insertReadingsInOneStatement(database.db, as(rowPathSensor, batch));
      inserted.ingestion += await insertReadings(database, as(ingestionSensor, batch));
      // COPY whatever the batch's length (PostgreSQL only: PGlite has no COPY from a client).
      inserted.copy += database.postgres
        ? ((await copyReadings(database.postgres, as(copySensor, batch))) ?? Number.NaN)
        : await insertReadings(database, as(copySensor, batch));
    }
    // The first reading of each instant stays, as both paths keep it.
    const kept = new Map<number, number>();
    for (const { ts, value } of batchesOf(readings).flat()) {
      const ms = Date.parse(ts);
      if (!kept.has(ms)) kept.set(ms, value);
    }
    expect(inserted).toEqual({ rowPath: kept.size, ingestion: kept.size, copy: kept.size });
    for (const rollup of ROLLUPS) {
      const expected = expectedRollup(rollup.seconds, batches);
      const table = rollupTableName(rollup.name);
      const rowPath = await stored(table, rowPathSensor);
      expect(
        rowPath.map((row) => ({ ...row, count: Number(row.count) })),
        rollup.name,
      ).toEqual(expected);
      expect(await stored(table, ingestionSensor), rollup.name).toEqual(rowPath);
      expect(await stored(table, copySensor), rollup.name).toEqual(rowPath);
    }
  });

  it('takes small batches for the same sensors at the same time, overlapping, in any order, with nothing lost or counted twice', async () => {
    // Each batch holds readings of all three sensors, in a different order of sensors, and repeats half of another
    // batch's: run at once, they wait for each other's locks rather than deadlock (PostgreSQL names a deadlock an error).
    const perSensor = randomReadings(29, 600);
    const kept = new Set(perSensor.map((r) => Date.parse(r.ts))).size;
    expect(kept, 'each instant once, so whichever batch stores it stores the same value').toBe(perSensor.length);
    const batches = Array.from({ length: 12 }, (_, i) => {
      const rows = perSensor.slice((i % 6) * 100, (i % 6) * 100 + 150);
      const order = i % 2 === 0 ? busySensors : [...busySensors].reverse();
      return order.flatMap((sensor) => as(sensor, i % 3 === 0 ? [...rows].reverse() : rows));
    });
    expect(batches.every((batch) => batch.length < COPY_FROM_READINGS)).toBe(true);
    const inserted = await Promise.all(batches.map((batch) => insertReadings(database, batch)));
    expect(inserted.reduce((sum, n) => sum + n, 0)).toBe(kept * busySensors.length);
    for (const rollup of ROLLUPS) {
      const expected = expectedRollup(rollup.seconds, [perSensor]);
      for (const sensor of busySensors) {
        const rows = await stored(rollupTableName(rollup.name), sensor);
        expect(
          rows.map((row) => ({ ...row, count: Number(row.count) })),
          `${rollup.name} of sensor ${sensor}`,
        ).toEqual(expected);
      }
    }
  });
});
