import { type Db, queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';

/**
 * PostgreSQL's autovacuum rules, with its default settings: a table is vacuumed once its dead rows pass 50 and a fifth
 * of its live rows, analysed once the rows changed since its last analysis pass 50 and a tenth.
 */
export const VACUUM_THRESHOLD = 50;
export const VACUUM_SCALE = 0.2;
export const ANALYZE_THRESHOLD = 50;
export const ANALYZE_SCALE = 0.1;

interface TableStats {
  name: string;
  live: number;
  dead: number;
  changed: number;
}

export interface TableMaintained {
  table: string;
  vacuumed: boolean;
  analysed: boolean;
  ms: number;
}

/** What each table is due for under autovacuum's rules: nothing, an analysis, or a vacuum (with one when due too). */
export function dueFor(stats: TableStats): { vacuum: boolean; analyse: boolean } {
  return {
    vacuum: stats.dead > VACUUM_THRESHOLD + VACUUM_SCALE * stats.live,
    analyse: stats.changed > ANALYZE_THRESHOLD + ANALYZE_SCALE * stats.live,
  };
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which runs none: PGlite never vacuums
 * or analyses by itself, so rows updated or deleted stay in the files (an outbox row marked, a delivery sent, a rope's
 * damage refreshed) and the planner keeps the statistics of the day the data was loaded. Each table due under
 * autovacuum's rules (`dueFor`, from `pg_stat_user_tables`) is vacuumed or analysed, one after the other; a table not
 * due costs nothing but its line of the statistics. The work runs in the API's own thread, as every statement does
 * here: an analysis reads a sample of at most 30,000 rows, a vacuum the table's pages that changed.
 */
export async function maintainEmbeddedDatabase(db: Db): Promise<TableMaintained[]> {
  const tables = await queryRows<{ name: string; live: string; dead: string; changed: string }>(
    db,
    sql`select relname as name, n_live_tup::text as live, n_dead_tup::text as dead,
               n_mod_since_analyze::text as changed
        from pg_stat_user_tables where schemaname = 'public' order by relname`,
  );
  const done: TableMaintained[] = [];
  for (const row of tables) {
    const stats = { name: row.name, live: Number(row.live), dead: Number(row.dead), changed: Number(row.changed) };
    const due = dueFor(stats);
    if (!due.vacuum && !due.analyse) continue;
    const started = performance.now();
    const table = sql.identifier(stats.name);
    if (due.vacuum) await db.execute(due.analyse ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`);
    else await db.execute(sql`analyze ${table}`);
    done.push({ table: stats.name, vacuumed: due.vacuum, analysed: due.analyse, ms: performance.now() - started });
  }
  return done;
}
