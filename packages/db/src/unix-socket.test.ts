import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, postgresTarget, queryRows } from './client.ts';

const SOCKET_DIRECTORY = '/var/run/postgresql';

describe('a Unix socket named the way libpq names it', () => {
  it('takes ?host=/dir as the socket and leaves every other URL alone', () => {
    expect(postgresTarget('postgres://cockpit@localhost/cockpit?host=/var/run/postgresql&sslmode=disable')).toEqual({
      url: 'postgres://cockpit@localhost/cockpit?sslmode=disable',
      host: '/var/run/postgresql',
    });
    expect(postgresTarget('postgres://cockpit@db.example.com:6432/cockpit')).toEqual({
      url: 'postgres://cockpit@db.example.com:6432/cockpit',
    });
    expect(postgresTarget('postgres://cockpit@localhost/cockpit?host=db.example.com')).toEqual({
      url: 'postgres://cockpit@localhost/cockpit?host=db.example.com',
    });
  });

  const url = process.env.DATABASE_URL;
  const local = url && ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
  const socket = `${SOCKET_DIRECTORY}/.s.PGSQL.${(url && new URL(url).port) || 5432}`;
  const missing = local ? (existsSync(socket) ? '' : `no socket ${socket}`) : 'needs DATABASE_URL on this machine';
  const title = `connects over the socket of the PostgreSQL on this machine${missing && ` (skipped: ${missing})`}`;
  it.skipIf(Boolean(missing))(title, async () => {
    const overSocket = new URL(url!);
    overSocket.searchParams.set('host', SOCKET_DIRECTORY);
    const database = await openDatabase({ url: overSocket.toString(), maxConnections: 1 });
    try {
      // A client on a Unix socket has no address.
      const [row] = await queryRows<{ address: string | null }>(database.db, sql`select inet_client_addr() as address`);
      expect(row).toEqual({ address: null });
    } finally {
      await database.close();
    }
  });
});
