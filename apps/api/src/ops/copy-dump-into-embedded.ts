import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@rope/db/client';
import { BackupError } from './backup-error.ts';
import { inCopyOrder, quote, selectInTreeOrder, TABLES_SQL, type Table, writtenByTriggers } from './copy-database.ts';
import { runPgTool } from './pg-tools.ts';

/** One table's data in a dump: `COPY schema.table (columns) FROM stdin;`, its rows in COPY's text format, `\.`. */
interface DumpedTable {
  schema: string;
  table: string;
  columns: string[];
  rows: string;
  count: number;
}

const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');

/** An SQL identifier as pg_dump writes it: plain, or in double quotes (which may hold doubled quotes, commas, parentheses, dots and spaces). */
const IDENTIFIER = String.raw`(?:"(?:[^"]|"")*"|[A-Za-z_][\w$]*)`;
const COPY_LINE = new RegExp(
  String.raw`^COPY (${IDENTIFIER})\.(${IDENTIFIER}) \((${IDENTIFIER}(?:, ${IDENTIFIER})*)?\) FROM stdin;$`,
);
const SETVAL_LINE = new RegExp(
  String.raw`^SELECT pg_catalog\.setval\('(${IDENTIFIER})\.(${IDENTIFIER})', (\d+), (true|false)\);$`,
);
const identifiers = (list: string) => [...list.matchAll(new RegExp(IDENTIFIER, 'g'))].map(([name]) => unquote(name));

/** The tables' rows and the public sequences of the SQL pg_restore writes out of a dump's data. */
export function parseDumpData(text: string) {
  const lines = text.split('\n');
  const tables: DumpedTable[] = [];
  const sequences: { name: string; value: string; called: boolean }[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const setval = SETVAL_LINE.exec(lines[index] ?? '');
    // The migrations' own bookkeeping (schema drizzle) is the target's: its migrate() wrote it.
    if (setval && unquote(setval[1]!) === 'public') {
      sequences.push({ name: unquote(setval[2]!), value: setval[3]!, called: setval[4] === 'true' });
    }
    const copy = COPY_LINE.exec(lines[index] ?? '');
    if (!copy) continue;
    const end = lines.indexOf('\\.', index + 1);
    if (end < 0) throw new BackupError(`The dump's data of ${unquote(copy[2]!)} has no end.`);
    const rows = lines.slice(index + 1, end);
    tables.push({
      schema: unquote(copy[1]!),
      table: unquote(copy[2]!),
      columns: identifiers(copy[3] ?? ''),
      rows: rows.length > 0 ? `${rows.join('\n')}\n` : '',
      count: rows.length,
    });
    index = end;
  }
  return { tables, sequences };
}

/** The data of a `pg_dump --format=custom` file, as pg_restore writes it out (it needs no server for that). */
async function readDumpData(dumpFile: string) {
  const scratch = await mkdtemp(join(tmpdir(), 'rope-dump-'));
  try {
    const sqlFile = join(scratch, 'data.sql');
    await runPgTool('pg_restore', ['--data-only', '--no-owner', '--no-privileges', `--file=${sqlFile}`, dumpFile]);
    return parseDumpData(await readFile(sqlFile, 'utf8'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Loads the rows of a PostgreSQL backup into the embedded database `to`, migrated to this version and otherwise
 * empty: the backup must be of this version too (its migrations the same), since the embedded database has no server
 * to bring an older dump forward on. One transaction, parents before children, trees in order, sequences where they
 * stood, each table's row count checked.
 */
export async function copyDumpIntoEmbedded(dumpFile: string, to: Database): Promise<Record<string, number>> {
  const target = to.pglite;
  if (!target) throw new BackupError('A PostgreSQL backup is loaded into the embedded database only.');
  const { tables: dumped, sequences } = await readDumpData(dumpFile);
  const migrations = dumped.find((table) => table.table === '__drizzle_migrations');
  const [own] = (await target.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
  if (migrations?.count !== own?.n) {
    throw new BackupError(
      `This backup is of another version of the cockpit (${migrations?.count ?? 0} migrations, this one has ${own?.n}): restore it into PostgreSQL with this version, then back that up.`,
    );
  }
  const data = new Map(dumped.filter((table) => table.schema === 'public').map((table) => [table.table, table]));
  const tables = inCopyOrder((await target.query<Table>(TABLES_SQL)).rows);
  const copied: Record<string, number> = {};
  await target.transaction(async (tx) => {
    for (const table of [...tables].reverse()) await tx.query(`delete from ${quote(table.name)}`);
    for (const table of tables) {
      const rows = data.get(table.name);
      if (!rows) continue;
      if (writtenByTriggers(table.name)) await tx.query(`delete from ${quote(table.name)}`);
      const columns = rows.columns.map(quote).join(', ');
      const blob = new Blob([rows.rows]);
      if (table.selfParent) {
        // Rows in the dump's order may name a parent that comes later: through a copy, then in tree order.
        const staging = `staging_${table.name}`;
        await tx.query(`create temporary table ${quote(staging)} (like ${quote(table.name)}) on commit drop`);
        await tx.query(`copy ${quote(staging)} (${columns}) from '/dev/blob'`, [], { blob });
        const ordered = selectInTreeOrder(table, staging);
        const all = table.columns.map(quote).join(', ');
        await tx.query(`insert into ${quote(table.name)} (${all}) overriding system value ${ordered}`);
      } else {
        await tx.query(`copy ${quote(table.name)} (${columns}) from '/dev/blob'`, [], { blob });
      }
      const [count] = (await tx.query<{ n: number }>(`select count(*)::int as n from ${quote(table.name)}`)).rows;
      if (count?.n !== rows.count) {
        throw new BackupError(`${table.name}: ${count?.n ?? 0} rows arrived of the ${rows.count} the backup holds.`);
      }
      copied[table.name] = rows.count;
    }
    for (const { name, value, called } of sequences) {
      await tx.query('select setval($1, $2::bigint, $3)', [quote(name), value, called]);
    }
  });
  return copied;
}
