// What one rope page read costs inside the embedded server, route by route, without sockets: the API app built as
// the server builds it (PGlite with the demo data in a data directory, kept between runs), the demo admin signed
// in (or ROUTE_COST_USER), each rope page call made REPEAT (200) times over the demo ropes through `app.inject` with
// a browser's Accept-Encoding; per call the CPU time (process.cpuUsage), the PGlite queries and the rows they returned.
// With DATABASE_URL the same on that PostgreSQL server (a `rope_route_cost` database with the demo data, kept between
// runs; no answer cache, as in server mode): the API process's CPU a call, PostgreSQL's own CPU beside it (its
// processes, from /proc). PAGES (rope) names the pages read: rope, dashboard, areas.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench exec tsx src/load/route-cost.ts   (ROUTE_COST_DIR, REPEAT, PAGES,
// ROUTE_COST_USER the demo account signed in, admin@example.com by default; SHOW_SQL=1 prints the statements of one
// call of each route, on PGlite)
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { buildApp } from '../../../apps/api/src/app.ts';
import { bootstrapData } from '../../../apps/api/src/bootstrap.ts';
import { closeContext, createContext } from '../../../apps/api/src/context.ts';
import { parseEnv } from '../../../apps/api/src/env.ts';
import { createLogger } from '../../../apps/api/src/logger.ts';
import { databaseSeconds } from '../machine.ts';
import { DEMO_PASSWORD, type Page, pageCalls } from './traffic.ts';

const DIR = process.env.ROUTE_COST_DIR ?? join(tmpdir(), 'rope-route-cost');
const REPEAT = Number(process.env.REPEAT ?? 200);
const PAGES = (process.env.PAGES ?? 'rope').split(',') as Page[];
const DATABASE = 'rope_route_cost';
const server = process.env.DATABASE_URL ? await routeCostDatabase(process.env.DATABASE_URL) : undefined;
const fresh = server ? server.fresh : !existsSync(join(DIR, 'db'));
mkdirSync(DIR, { recursive: true });
const env = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: DIR,
  LOG_LEVEL: 'error',
  DEMO_DATA: fresh ? 'true' : 'false',
  ...(server ? { DATABASE_URL: server.url } : {}),
});

/** The kept `rope_route_cost` database on the server of `url`, made when missing. */
async function routeCostDatabase(url: string): Promise<{ url: string; fresh: boolean }> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const found = await admin.unsafe(`select 1 from pg_database where datname = '${DATABASE}'`);
  if (found.length === 0) await admin.unsafe(`create database ${DATABASE}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${DATABASE}`;
  return { url: own.toString(), fresh: found.length === 0 };
}
const ctx = await createContext(env, createLogger(env));
await ctx.database.migrate();
await bootstrapData(ctx);
const app = await buildApp(ctx);
await app.ready();

// Counts what goes through PGlite: each query, and the rows it answered.
const client = (ctx.db as unknown as { $client: Record<string, (...args: unknown[]) => Promise<unknown>> }).$client;
let queries = 0;
let rows = 0;
/** SHOW_SQL=1: the statements of one call of each route, as sent. */
let statements: string[] | undefined;
for (const name of server ? [] : ['query', 'exec']) {
  const original = client[name]!.bind(client);
  client[name] = async (...args: unknown[]) => {
    queries += 1;
    statements?.push(String(args[0]).replace(/\s+/g, ' ').slice(0, 220));
    const result = (await original(...args)) as { rows?: unknown[] } | { rows?: unknown[] }[];
    for (const part of Array.isArray(result) ? result : [result]) rows += part.rows?.length ?? 0;
    return result;
  };
}

const login = await app.inject({
  method: 'POST',
  url: '/api/login/json',
  payload: { username: process.env.ROUTE_COST_USER ?? 'admin@example.com', password: DEMO_PASSWORD },
});
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' };
const { ropes } = (await app.inject({ url: '/api/ropes', headers: { cookie } })).json() as {
  ropes: { id: number; installation: { id: number }; area: { id: number } }[];
};
const placed = ropes.map((rope) => ({ id: rope.id, installationId: rope.installation.id, areaId: rope.area.id }));
const routeOf = (path: string) => `GET ${path.replace(/\/\d+/g, '/:id').replace(/\?.*/, '')}`;
const totals = new Map<
  string,
  { calls: number; cpuUs: number; databaseS: number; queries: number; rows: number; bytes: number }
>();
const pageOf = (round: number) => PAGES[round % PAGES.length]!;
for (let round = 0; round < REPEAT * PAGES.length; round += 1) {
  const rope = placed[Math.floor(round / PAGES.length) % placed.length]!;
  const { opening, scrolled } = pageCalls(pageOf(round), rope);
  for (const path of [...opening, ...scrolled]) {
    const database0 = server ? databaseSeconds(DATABASE) : 0;
    const [q0, r0, cpu0] = [queries, rows, process.cpuUsage()];
    if (process.env.SHOW_SQL && round === 5) statements = [];
    const answer = await app.inject({ url: `/api${path}`, headers });
    const cpu = process.cpuUsage(cpu0);
    const databaseS = server ? databaseSeconds(DATABASE) - database0 : 0;
    if (statements) console.log(`${routeOf(path)}:\n${statements.map((text) => `    ${text}`).join('\n')}`);
    statements = undefined;
    if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
    if (round < 5 * PAGES.length) continue; // warm-up
    const entry = totals.get(routeOf(path)) ?? { calls: 0, cpuUs: 0, databaseS: 0, queries: 0, rows: 0, bytes: 0 };
    entry.calls += 1;
    entry.cpuUs += cpu.user + cpu.system;
    entry.databaseS += databaseS;
    entry.queries += queries - q0;
    entry.rows += rows - r0;
    entry.bytes += answer.rawPayload.length;
    totals.set(routeOf(path), entry);
  }
}
console.log(
  server
    ? `${placed.length} ropes, PostgreSQL; per call: the API's CPU ms, PostgreSQL's CPU ms, bytes sent`
    : `${placed.length} ropes, PGlite; per call: CPU ms, PGlite queries, rows, bytes sent`,
);
let cpuSum = 0;
let databaseSum = 0;
let querySum = 0;
for (const [route, t] of [...totals].sort((a, b) => b[1].cpuUs - a[1].cpuUs)) {
  cpuSum += t.cpuUs / t.calls;
  databaseSum += t.databaseS / t.calls;
  querySum += t.queries / t.calls;
  const cost = `${route.padEnd(40)} ${(t.cpuUs / t.calls / 1000).toFixed(2).padStart(6)} ms`;
  const bytes = `${(t.bytes / t.calls).toFixed(0).padStart(7)} B`;
  console.log(
    server
      ? `  ${cost} ${((t.databaseS / t.calls) * 1000).toFixed(2).padStart(6)} ms ${bytes}`
      : `  ${cost} ${(t.queries / t.calls).toFixed(1).padStart(5)} q ${(t.rows / t.calls).toFixed(0).padStart(6)} rows ${bytes}`,
  );
}
console.log(
  server
    ? `  all calls once: ${(cpuSum / 1000).toFixed(1)} ms API CPU, ${(databaseSum * 1000).toFixed(1)} ms PostgreSQL CPU`
    : `  all calls once: ${(cpuSum / 1000).toFixed(1)} ms CPU, ${querySum.toFixed(1)} queries`,
);
if (ctx.answers) console.log(`answer cache: ${JSON.stringify(ctx.answers.stats())}`);
await app.close();
await closeContext(ctx);
process.exit(0);
