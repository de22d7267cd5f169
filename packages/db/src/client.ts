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
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: feature code never knows which engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
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
  return options.url ? openPostgres(options.url, options.maxConnections ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The search migration creates these two; PGlite must carry them from the start.
  const extensions = { pg_trgm, unaccent };
  const client = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => pingDb(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10 });
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
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
