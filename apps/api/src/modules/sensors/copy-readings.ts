import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PostgresClient, PostgresConnection } from '@rope/db/client';
import type { SensorReading } from '@rope/domain/sensors/ingest';
import { rollUp } from '@rope/domain/sensors/rollup';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { addRollupRowsSql, arrayText } from './rollup-sql.ts';

/** '0' to '9' as char codes: a digit four places after the point means a time finer than a millisecond. */
const ZERO = 48;
const NINE = 57;

/**
 * Whether JavaScript reads this (already validated) time to the exact instant PostgreSQL stores: at most three
 * digits after the second, and not the year 0, which PostgreSQL refuses.
 */
function isMillisecondTime(ts: string): boolean {
  const point = ts.indexOf('.', 19);
  const digit = point < 0 ? 0 : ts.charCodeAt(point + 4);
  return !(digit >= ZERO && digit <= NINE) && !ts.startsWith('0000');
}

const dialect = new PgDialect();

/** A Drizzle statement as text and parameters for postgres.js, the way Drizzle's own driver sends it. */
export function postgresQuery(statement: SQL): { sql: string; params: never[] } {
  const query = dialect.sqlToQuery(statement);
  return { sql: query.sql, params: query.params as never[] };
}

interface Row {
  sensor: number;
  ms: number;
  value: number;
  ts: string;
}

/**
 * A batch through COPY on PostgreSQL, which inserts pages at a time where INSERT goes row by row (several times
 * faster). COPY cannot skip a stored reading, so the batch's own repeats are dropped here and the stored ones
 * looked up first, under a lock on the batch's sensors that keeps another batch for them from slipping in between;
 * the rollups are summed here from the rows copied, by the domain's rollUp. Statements that need no answer in
 * between go out together: four round trips a batch. Answers undefined for a batch whose times are finer than a
 * millisecond (compared here they might differ where PostgreSQL sees one instant): the caller inserts those.
 */
export async function copyReadings(
  client: PostgresClient,
  readings: readonly SensorReading[],
): Promise<number | undefined> {
  const rows = distinctRows(readings);
  if (!rows) return undefined;
  const spans = sensorSpans(rows);
  const connection = await client.reserve();
  try {
    const [, , [check]] = await Promise.all([
      connection`begin`,
      connection`select 1 from sensors where id in ${connection([...spans.keys()].sort((a, b) => a - b))}
        order by id for no key update`,
      // A statement of its own after the lock, so it sees what a batch that held the lock before has committed.
      connection`select exists (
          select 1 from unnest(${arrayText([...spans.keys()])}::int[],
            ${arrayText([...spans.values()].map((span) => new Date(span.first).toISOString()))}::timestamptz[],
            ${arrayText([...spans.values()].map((span) => new Date(span.last).toISOString()))}::timestamptz[])
            as s(id, first, last)
          where exists (select 1 from sensor_measurements m where m.sensor_id = s.id and m.ts >= s.first and m.ts <= s.last)
        ) as stored`,
    ]);
    const stored = check?.stored ? await storedPositions(connection, rows) : new Set<number>();
    const fresh = stored.size ? rows.filter((_, i) => !stored.has(i)) : rows;
    if (fresh.length > 0) {
      const text = fresh.map((row) => `${row.sensor}\t${row.ts}\t${row.value}\n`).join('');
      await pipeline(
        Readable.from([text]),
        await connection`copy sensor_measurements (sensor_id, ts, value) from stdin`.writable(),
      );
      const rollups = postgresQuery(addRollupRowsSql((rollup) => rollUp(fresh, rollup.seconds)));
      await Promise.all([connection.unsafe(rollups.sql, rollups.params), connection`commit`]);
    } else await connection`commit`;
    return fresh.length;
  } catch (error) {
    await connection`rollback`.catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * The batch without its own repeats (the first of each sensor and instant stays); undefined for finer times. A
 * device sends each sensor's readings in order, so only a batch that goes back in time is searched for repeats.
 */
function distinctRows(readings: readonly SensorReading[]): Row[] | undefined {
  const rows: Row[] = new Array(readings.length);
  const latest = new Map<number, number>();
  let ordered = true;
  for (let i = 0; i < readings.length; i += 1) {
    const { sensor, ts, value } = readings[i]!;
    if (!isMillisecondTime(ts)) return undefined;
    const ms = Date.parse(ts);
    const last = latest.get(sensor);
    if (last !== undefined && ms <= last) ordered = false;
    else latest.set(sensor, ms);
    rows[i] = { sensor, ms, value, ts };
  }
  if (ordered) return rows;
  const seen = new Map<number, Set<number>>();
  return rows.filter(({ sensor, ms }) => {
    let times = seen.get(sensor);
    if (!times) {
      times = new Set();
      seen.set(sensor, times);
    }
    if (times.has(ms)) return false;
    times.add(ms);
    return true;
  });
}

function sensorSpans(rows: readonly Row[]): Map<number, { first: number; last: number }> {
  const spans = new Map<number, { first: number; last: number }>();
  for (const { sensor, ms } of rows) {
    const span = spans.get(sensor);
    if (!span) spans.set(sensor, { first: ms, last: ms });
    else if (ms < span.first) span.first = ms;
    else if (ms > span.last) span.last = ms;
  }
  return spans;
}

/** The positions in `rows` of readings already stored, each looked up (only when the batch overlaps stored ones). */
async function storedPositions(connection: PostgresConnection, rows: readonly Row[]): Promise<Set<number>> {
  const found = await connection<{ i: number }[]>`select (r.i - 1)::int as i
    from unnest(${arrayText(rows.map((row) => row.sensor))}::int[], ${arrayText(rows.map((row) => row.ts))}::timestamptz[])
      with ordinality as r(sensor_id, ts, i)
    where exists (select 1 from sensor_measurements m where m.sensor_id = r.sensor_id and m.ts = r.ts)`;
  return new Set(found.map((row) => row.i));
}
