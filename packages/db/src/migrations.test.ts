import { readdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, queryRows } from './client.ts';
import { createTestDatabase } from './test-database.ts';

const tablesQuery = sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`;

async function tablesOf(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const database = kind === 'pglite' ? await openDatabase({}) : await createTestDatabase();
  try {
    if (kind === 'pglite') await database.migrate();
    const rows = await queryRows<{ table_name: string }>(database.db, tablesQuery);
    return rows.map((row) => row.table_name);
  } finally {
    await database.close();
  }
}

async function postgresReachable(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return 'DATABASE_URL is not set';
  const client = postgres(url, { max: 1, connect_timeout: 15, onnotice: () => {} });
  try {
    await client`select 1`;
    return undefined;
  } catch (error) {
    return `PostgreSQL at DATABASE_URL is not reachable: ${(error as Error).message}`;
  } finally {
    await client.end();
  }
}

const skipReason = await postgresReachable();
if (skipReason && process.env.CI === 'true') throw new Error(`CI needs PostgreSQL: ${skipReason}`);

describe('migrations', () => {
  const opened: PGlite[] = [];
  afterAll(async () => {
    for (const client of opened) await client.close();
  });

  it('apply to a fresh PGlite and create every table of the data model', async () => {
    const tables = await tablesOf('pglite');
    for (const table of [
      'users',
      'sessions',
      'api_keys',
      'mandators',
      'areas',
      'installations',
      'ropes',
      'rope_events',
      'rope_event_history',
      'tasks',
      'task_notes',
      'notifications',
      'folders',
      'documents',
      'projects',
      'sensor_devices',
      'sensors',
      'sensor_measurements',
      'smartropes',
      'smartrope_events',
      'smartrope_measurements',
      'audit_log',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it.skipIf(Boolean(skipReason))(
    `apply the same way to a fresh PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
    async () => {
      // One after the other: PGlite migrates on this process's thread, and a PostgreSQL connection opened meanwhile
      // waited for its turns past its connect timeout on a busy CI machine.
      const onPglite = await tablesOf('pglite');
      const onPostgres = await tablesOf('postgres');
      expect(onPostgres).toEqual(onPglite);
    },
  );

  it('are idempotent: a second run on the same database changes nothing', async () => {
    const database = await openDatabase({});
    await database.migrate();
    const schemaState = async () => ({
      applied: await queryRows(database.db, sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
      columns: await queryRows(
        database.db,
        sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
            where table_schema = 'public' order by table_name, column_name`,
      ),
      indexes: await queryRows(
        database.db,
        sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
      ),
      constraints: await queryRows(
        database.db,
        sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
            where connamespace = 'public'::regnamespace order by conname`,
      ),
    });
    const first = await schemaState();
    await database.migrate();
    const second = await schemaState();
    expect(first.applied.length, 'every migration recorded once').toBe(
      readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length,
    );
    expect(first.columns.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    await database.close();
  });
});
