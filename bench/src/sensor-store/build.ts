import { BUCKET_ORIGIN_MS } from '@rope/domain/sensors/limits';
import type { Sql } from 'postgres';
import { addPrimaryKeys, createTables, type Layout, type Month } from './layouts.ts';

const DAY = 86_400_000;

/** How the readings are spread, as in the sensors bench: a share of all readings over a number of sensors. */
const TIERS = [
  { sensors: 2, share: 0.6 },
  { sensors: 6, share: 0.3 },
  { sensors: 92, share: 0.1 },
] as const;

export interface Tier {
  firstSensor: number;
  lastSensor: number;
  /** Readings of each sensor of the tier, evenly spaced over the data set's days. */
  perSensor: number;
  stepMs: number;
}

export function tiersOf(points: number, start: number, end: number): Tier[] {
  let next = 1;
  return TIERS.map(({ sensors, share }) => {
    const perSensor = Math.floor((points * share) / sensors);
    const tier = { firstSensor: next, lastSensor: next + sensors - 1, perSensor, stepMs: (end - start) / perSensor };
    next += sensors;
    return tier;
  });
}

const ORIGIN = `'${new Date(BUCKET_ORIGIN_MS).toISOString()}'::timestamptz`;

function rollupFrom(table: string, seconds: number) {
  return `insert into ${table} (sensor_id, ts, count, sum, min, max)
    select sensor_id, date_bin(make_interval(secs => ${seconds}), ts, ${ORIGIN}), count(*), sum(value), min(value), max(value)
    from day_rows group by 1, 2`;
}

/**
 * One day of readings of every sensor, written with both rollups in one statement: a day ends on a whole hour and
 * minute of the rollups' grid, so no bucket is split between two days. Within the day the rows lie sensor by sensor,
 * about as a device's batches arrive.
 */
function dayStatement(tiers: Tier[], start: number, dayFrom: number, dayTo: number): string {
  const parts = tiers.map((tier) => {
    const first = Math.ceil((dayFrom - start) / tier.stepMs);
    const last = Math.min(tier.perSensor, Math.ceil((dayTo - start) / tier.stepMs)) - 1;
    return `select s as sensor_id, to_timestamp(floor(${start}::float8 + g::float8 * ${tier.stepMs}) / 1000.0) as ts,
        20 + 5 * sin(g / 360.0) + s as value
      from generate_series(${tier.firstSensor}, ${tier.lastSensor}) s, generate_series(${first}, ${last}) g`;
  });
  return `with day_rows as (insert into sensor_measurements ${parts.join(' union all ')} returning sensor_id, ts, value),
    minute as (${rollupFrom('sensor_measurements_1m', 60)} returning 1)
    ${rollupFrom('sensor_measurements_1h', 3_600)}`;
}

/**
 * Fills a layout with the data set: the tables, then the readings day by day with their rollups, then the primary
 * keys and the planner's statistics. Answers the seconds each part took.
 */
export async function buildLayout(
  sql: Sql,
  layout: Layout,
  options: { tiers: Tier[]; start: number; end: number; months: Month[]; progress: (text: string) => void },
) {
  const seconds: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string) => {
    seconds[name] = (performance.now() - started) / 1000;
    started = performance.now();
  };
  await createTables(sql, layout, options.months);
  await sql.unsafe(`set search_path to ${layout}`);
  await sql.unsafe('set synchronous_commit to off');
  await sql.unsafe(`set maintenance_work_mem to '1GB'`);
  await sql.unsafe(`set work_mem to '256MB'`);
  const days = Math.round((options.end - options.start) / DAY);
  for (let day = 0; day < days; day += 1) {
    const from = options.start + day * DAY;
    await sql.unsafe(dayStatement(options.tiers, options.start, from, from + DAY));
    if (day % 30 === 29) options.progress(`${layout}: ${day + 1} of ${days} days written`);
  }
  lap('rows');
  await addPrimaryKeys(sql, layout);
  lap('primary keys');
  await sql.unsafe('analyze');
  lap('analyze');
  return seconds;
}
