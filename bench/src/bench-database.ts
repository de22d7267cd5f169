import { randomBytes } from 'node:crypto';
import { type Db, queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

/**
 * For a bench that starts the API as its own process: with DATABASE_URL, a fresh `rope_bench_<random>` database on
 * that server (the server process migrates it and loads the demo data), dropped by `drop`; without it, the embedded
 * default (PGlite in the server's fresh data directory).
 */
export async function benchDatabase(): Promise<{
  env: Record<string, string>;
  label: string;
  /** The PostgreSQL database's name (its server processes are the bench's own work); none for the embedded default. */
  name?: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {}, label: 'embedded (PGlite)', drop: async () => {} };
  const name = `rope_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const version = (await admin.unsafe<{ server_version: string }[]>('show server_version'))[0]?.server_version;
  return {
    env: { DATABASE_URL: benchUrl.toString() },
    label: `PostgreSQL ${version ?? ''}`.trim(),
    name,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The PostgreSQL database an in-process bench's app uses, whose server processes count as the bench's own
 * (`watchMachine`); none on PGlite, which runs inside the bench's process.
 */
export async function serverDatabase(ctx: { db: Db; database: { kind: string } }): Promise<string | undefined> {
  if (ctx.database.kind !== 'postgres') return undefined;
  const [row] = await queryRows<{ name: string }>(ctx.db, sql`select current_database() as name`);
  return row?.name;
}
