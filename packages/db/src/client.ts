import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { DEFAULT_POOL_SIZE } from './pool.ts';
import { preparingStatements } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** postgres.js, for the few statements Drizzle cannot say (COPY). */
export type PostgresClient = postgres.Sql;
export type PostgresConnection = postgres.ReservedSql;

/** One type for both drivers: feature code never knows which engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The postgres.js client under `db` on PostgreSQL, for what Drizzle cannot say (COPY); absent on PGlite. */
  postgres?: PostgresClient;
  /** The PGlite client under `db` on the embedded database, for what Drizzle cannot say (COPY TO a blob). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PGlite only: its data directory as a gzip'd tarball, taken between two statements, so as consistent as after a
   * crash (PostgreSQL's own recovery replays it). The backup of the embedded default while it runs.
   */
  snapshot?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  maxConnections?: number;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.maxConnections ?? DEFAULT_POOL_SIZE)
    : openPglite(options.dataDir);
}

// The search migration creates these two; PGlite must carry them from the start.
const extensions = { pg_trgm, unaccent };

/** An in-memory PGlite that starts as a copy of a snapshot (`snapshot()`): a test database from its template. */
export function openPgliteFrom(snapshot: Blob): Promise<Database> {
  return openPglite(undefined, snapshot);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions, loadDataDir });
  await client.waitReady;
  // Its one connection counts every write in the answer version (migration 0015, apps/api/src/http/answer-cache.ts).
  await client.exec(`set rope.count_answers = 'on'`);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => pingDb(db),
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('gzip'),
  };
}

/** Makes `dataDir` (absent or empty) the database of a PGlite snapshot, as `snapshot()` wrote it. */
export async function restorePgliteSnapshot(dataDir: string, snapshot: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions, loadDataDir: snapshot });
  await client.waitReady;
  await client.close();
}

/**
 * Seconds before a connection that failed tries again, by the number of failures in a row: 0.1, 0.2, 0.4 ... at most
 * 2 s. postgres.js's own curve reaches 20 s after a few failed tries, so calls went on failing for up to 20 s after
 * PostgreSQL was back.
 */
export const reconnectDelaySeconds = (failures: number) => Math.min(0.05 * 2 ** failures, 2);

/**
 * libpq's way to name a Unix socket directory, `?host=/var/run/postgresql` (pg_dump reads the same URL): postgres.js
 * would send it to the server as a setting, so it becomes the socket option here. A socket costs less per query
 * than TCP over loopback when PostgreSQL runs on the same machine.
 */
export function postgresTarget(url: string): { url: string; host?: string } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), host };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const target = postgresTarget(url);
  const client = postgres(target.url, {
    ...(target.host ? { host: target.host } : {}),
    max,
    onnotice: () => {},
    connect_timeout: 10,
    backoff: reconnectDelaySeconds,
  });
  const db = drizzlePostgres({ client: preparingStatements(client), schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    postgres: client,
    migrate: () => migratePostgres(db as never, { migrationsFolder }),
    ping: () => pingDb(db),
    close: () => client.end({ timeout: 5 }),
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Raw SQL rows in the same shape from both drivers (postgres.js answers an array, PGlite `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
