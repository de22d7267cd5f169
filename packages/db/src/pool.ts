/**
 * Connections each process keeps to PostgreSQL, unless DATABASE_POOL_SIZE says otherwise. Each connection is a
 * PostgreSQL process, and a server runs at once only as many as it has cores: past that, more connections only make
 * it switch between them. postgres.js sends a query to an idle connection, else opens one up to this number, else
 * queues it behind the queries of a busy one, so a small pool stays busy instead of waking many idle ones. In the
 * busy morning (bench `load`: two API processes and a worker on a 2-core machine) PostgreSQL used 0.49 cores with 10
 * connections per process and 0.38-0.43 with 4 (bench/README.md, 2026-12-05). No transaction waits for a second
 * connection of its own process, which a small pool could not give it: the API's tests passed with one connection
 * per test database (the same day).
 */
export const DEFAULT_POOL_SIZE = 4;
