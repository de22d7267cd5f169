import type { Sql } from 'postgres';

/**
 * The two layouts of the sensor store, each in a schema of its own with the app's table names and columns
 * (packages/db/migrations/0000_init.sql, without the foreign keys that migration 0011 dropped): `plain` as the app
 * keeps it today, one table each; `parted` with the raw readings and both rollups partitioned by month on `ts`.
 * The same statements run on both: only the connection's search_path differs.
 */
export const LAYOUTS = ['plain', 'parted'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const TABLES = ['sensor_measurements', 'sensor_measurements_1h', 'sensor_measurements_1m'] as const;

const COLUMNS = {
  sensor_measurements: 'sensor_id integer not null, ts timestamptz not null, value double precision not null',
  sensor_measurements_1h:
    'sensor_id integer not null, ts timestamptz not null, count integer not null, sum double precision not null, min double precision not null, max double precision not null',
  sensor_measurements_1m:
    'sensor_id integer not null, ts timestamptz not null, count integer not null, sum double precision not null, min double precision not null, max double precision not null',
} as const satisfies Record<(typeof TABLES)[number], string>;

export interface Month {
  /** The partition's suffix, e.g. 2025_12. */
  name: string;
  from: Date;
  to: Date;
}

/** The calendar months (UTC) that hold [start, end), and one more after: the month the next readings go to. */
export function monthsOf(start: number, end: number): Month[] {
  const months: Month[] = [];
  const first = new Date(start);
  let year = first.getUTCFullYear();
  let month = first.getUTCMonth();
  for (;;) {
    const from = new Date(Date.UTC(year, month, 1));
    const to = new Date(Date.UTC(year, month + 1, 1));
    months.push({ name: `${year}_${String(month + 1).padStart(2, '0')}`, from, to });
    if (from.getTime() >= end) return months;
    year = to.getUTCFullYear();
    month = to.getUTCMonth();
  }
}

/** Creates the layout's tables without their primary keys (added after the rows, as a restore does). */
export async function createTables(sql: Sql, layout: Layout, months: Month[]) {
  await sql.unsafe(`drop schema if exists ${layout} cascade`);
  await sql.unsafe(`create schema ${layout}`);
  for (const table of TABLES) {
    if (layout === 'plain') {
      await sql.unsafe(`create table plain.${table} (${COLUMNS[table]})`);
      continue;
    }
    await sql.unsafe(`create table parted.${table} (${COLUMNS[table]}) partition by range (ts)`);
    for (const month of months) {
      await sql.unsafe(
        `create table parted.${table}_${month.name} partition of parted.${table}
         for values from ('${month.from.toISOString()}') to ('${month.to.toISOString()}')`,
      );
    }
  }
}

/** The app's primary key on each table: on the partitioned parent it is built on every month's table. */
export async function addPrimaryKeys(sql: Sql, layout: Layout) {
  for (const table of TABLES) {
    await sql.unsafe(`alter table ${layout}.${table} add constraint ${table}_pk primary key (sensor_id, ts)`);
  }
}

/** Bytes of each of the layout's tables with its indexes (a partitioned table's are its partitions'). */
export async function tableBytes(sql: Sql, layout: Layout): Promise<Record<string, number>> {
  const rows = await sql.unsafe<{ name: string; bytes: string }[]>(
    `select coalesce(p.relname, c.relname) as name, sum(pg_total_relation_size(c.oid))::text as bytes
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     left join pg_inherits i on i.inhrelid = c.oid left join pg_class p on p.oid = i.inhparent
     where n.nspname = $1 and c.relkind = 'r' group by 1`,
    [layout],
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.bytes)]));
}
