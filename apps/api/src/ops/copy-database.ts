import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '@rope/db/client';
import { BackupError } from './backup-error.ts';

/**
 * Tables whose rows others' triggers write: copied after every other table, each emptied just before, so what those
 * triggers did while the others were copied (the damage inputs' changes noted or the inputs dropped, a fresh stamp
 * for each rope an event arrives on, the answer and reading versions counted up) gives way to the rows the source
 * holds.
 */
const COPIED_LAST = [
  'rope_damage_inputs',
  'rope_damage_input_changes',
  'rope_damage_stamps',
  'answer_version',
  'reading_version',
];

/** Whether triggers may have written rows of this table while the others were copied: to be emptied before its copy. */
export const writtenByTriggers = (name: string) => COPIED_LAST.includes(name);

export interface Table {
  name: string;
  /** Columns PostgreSQL computes itself (GENERATED ALWAYS AS ... STORED) are not copied. */
  columns: string[];
  /** Tables this one's foreign keys point to (itself excluded). */
  parents: string[];
  /** Its own column a foreign key of this table points back to the table with (a tree: folders' parent). */
  selfParent?: { column: string; references: string };
}

export const TABLES_SQL = `
  select c.relname as name,
    (select json_agg(a.attname order by a.attnum) from pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
    (select coalesce(json_agg(distinct p.relname), '[]') from pg_constraint f join pg_class p on p.oid = f.confrelid
      where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as parents,
    (select json_build_object('column', a.attname, 'references', r.attname)
      from pg_constraint f
      join pg_attribute a on a.attrelid = f.conrelid and a.attnum = f.conkey[1]
      join pg_attribute r on r.attrelid = f.confrelid and r.attnum = f.confkey[1]
      where f.conrelid = c.oid and f.contype = 'f' and f.confrelid = c.oid limit 1) as "selfParent"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r'
  order by c.relname`;

const SEQUENCES_SQL = `
  select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'S' order by c.relname`;

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of the embedded database `from` into the PostgreSQL database `to`, which holds the same schema
 * (both migrated to this version) and nothing else: one transaction, parents before children, each table by COPY in
 * PostgreSQL's text format (every value as PostgreSQL itself writes it, so nothing is rounded or re-encoded), then
 * every sequence where it stood. Answers the number of rows copied per table.
 */
export async function copyEmbeddedToPostgres(from: Database, to: Database): Promise<Record<string, number>> {
  const source = from.pglite;
  const target = to.postgres;
  if (!source || !target) throw new BackupError('Rows are copied from the embedded database into PostgreSQL only.');
  const tables = inCopyOrder((await source.query<Table>(TABLES_SQL)).rows);
  const targetNames = new Set((await target.unsafe<{ name: string }[]>(TABLES_SQL)).map((table) => table.name));
  const missing = tables.filter((table) => !targetNames.has(table.name)).map((table) => table.name);
  if (missing.length > 0) throw new BackupError(`PostgreSQL lacks the tables ${missing.join(', ')}: is it migrated?`);

  const copied: Record<string, number> = {};
  const connection = await target.reserve();
  try {
    await connection`begin`;
    // Rows the migrations wrote (the version counters) give way to the source's.
    for (const table of [...tables].reverse()) await connection.unsafe(`delete from ${quote(table.name)}`);
    for (const table of tables) {
      if (writtenByTriggers(table.name)) await connection.unsafe(`delete from ${quote(table.name)}`);
      const columns = table.columns.map(quote).join(', ');
      const { blob } = await source.query(`copy (${selectInTreeOrder(table)}) to '/dev/blob'`);
      const bytes = blob ? Buffer.from(await blob.arrayBuffer()) : Buffer.alloc(0);
      await pipeline(
        Readable.from([bytes]),
        await connection.unsafe(`copy ${quote(table.name)} (${columns}) from stdin`).writable(),
      );
      const [count] = await connection.unsafe<{ n: number }[]>(`select count(*)::int as n from ${quote(table.name)}`);
      const held = await source.query<{ n: number }>(`select count(*)::int as n from ${quote(table.name)}`);
      const arrived = count?.n ?? 0;
      if (arrived !== held.rows[0]?.n) {
        throw new BackupError(`${table.name}: ${arrived} rows arrived of the ${held.rows[0]?.n} the backup holds.`);
      }
      copied[table.name] = arrived;
    }
    for (const { name } of (await source.query<{ name: string }>(SEQUENCES_SQL)).rows) {
      const state = await source.query<{ last_value: string; is_called: boolean }>(
        `select last_value, is_called from ${quote(name)}`,
      );
      const { last_value: lastValue, is_called: isCalled } = state.rows[0]!;
      await connection`select setval(${quote(name)}, ${lastValue}::bigint, ${isCalled})`;
    }
    await connection`commit`;
  } catch (error) {
    await connection`rollback`.catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
  return copied;
}

/** Parents before children; the tables others' triggers write to at the very end. */
export function inCopyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: Table) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) {
      throw new BackupError(`The tables' foreign keys go round in a circle through ${table.name}; cannot order them.`);
    }
    visiting.add(table.name);
    for (const parent of table.parents) {
      const parentTable = byName.get(parent);
      if (parentTable) place(parentTable);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) if (!COPIED_LAST.includes(table.name)) place(table);
  for (const name of COPIED_LAST) {
    const table = byName.get(name);
    if (table) place(table);
  }
  return ordered;
}

/** The table's rows (read from `from`, a copy of it, when given), a tree's parents before their children. */
export function selectInTreeOrder(table: Table, from = table.name): string {
  const columns = table.columns.map(quote).join(', ');
  const name = quote(from);
  if (!table.selfParent) return `select ${columns} from ${name}`;
  const { column, references } = table.selfParent;
  return `with recursive tree as (
      select t.*, 0 as depth from ${name} t where t.${quote(column)} is null
      union all
      select child.*, tree.depth + 1 from ${name} child join tree on child.${quote(column)} = tree.${quote(references)}
    ) select ${columns} from tree order by depth`;
}
