// What one rope page read costs inside the embedded server, route by route, without sockets: the API app built as
// the server builds it (PGlite with the demo data in a data directory, kept between runs), the demo admin signed
// in, each rope page call made REPEAT (200) times over the demo ropes through `app.inject` with a browser's
// Accept-Encoding; per call the CPU time (process.cpuUsage), the PGlite queries and the rows they returned.
// Run: npx -y pnpm@10.34.8 --filter @rope/bench exec tsx src/load/route-cost.ts   (ROUTE_COST_DIR, REPEAT, SHOW_SQL=1 prints
// the statements of one call of each route)
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../apps/api/src/app.ts';
import { bootstrapData } from '../../../apps/api/src/bootstrap.ts';
import { closeContext, createContext } from '../../../apps/api/src/context.ts';
import { parseEnv } from '../../../apps/api/src/env.ts';
import { createLogger } from '../../../apps/api/src/logger.ts';
import { DEMO_PASSWORD, pageCalls } from './traffic.ts';

const DIR = process.env.ROUTE_COST_DIR ?? join(tmpdir(), 'rope-route-cost');
const REPEAT = Number(process.env.REPEAT ?? 200);
const fresh = !existsSync(join(DIR, 'db'));
mkdirSync(DIR, { recursive: true });
const env = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: DIR,
  LOG_LEVEL: 'error',
  DEMO_DATA: fresh ? 'true' : 'false',
});
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
for (const name of ['query', 'exec']) {
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
  payload: { username: 'admin@example.com', password: DEMO_PASSWORD },
});
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
const headers = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' };
const { ropes } = (await app.inject({ url: '/api/ropes', headers: { cookie } })).json() as {
  ropes: { id: number; installation: { id: number }; area: { id: number } }[];
};
const placed = ropes.map((rope) => ({ id: rope.id, installationId: rope.installation.id, areaId: rope.area.id }));
const routeOf = (path: string) => `GET ${path.replace(/\/\d+/g, '/:id').replace(/\?.*/, '')}`;
const totals = new Map<string, { calls: number; cpuUs: number; queries: number; rows: number; bytes: number }>();
for (let round = 0; round < REPEAT; round += 1) {
  const rope = placed[round % placed.length]!;
  const { opening, scrolled } = pageCalls('rope', rope);
  for (const path of [...opening, ...scrolled]) {
    const [q0, r0, cpu0] = [queries, rows, process.cpuUsage()];
    if (process.env.SHOW_SQL && round === 5) statements = [];
    const answer = await app.inject({ url: `/api${path}`, headers });
    const cpu = process.cpuUsage(cpu0);
    if (statements) console.log(`${routeOf(path)}:\n${statements.map((text) => `    ${text}`).join('\n')}`);
    statements = undefined;
    if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
    if (round < 5) continue; // warm-up
    const entry = totals.get(routeOf(path)) ?? { calls: 0, cpuUs: 0, queries: 0, rows: 0, bytes: 0 };
    entry.calls += 1;
    entry.cpuUs += cpu.user + cpu.system;
    entry.queries += queries - q0;
    entry.rows += rows - r0;
    entry.bytes += answer.rawPayload.length;
    totals.set(routeOf(path), entry);
  }
}
console.log(`${placed.length} ropes; per call: CPU ms, PGlite queries, rows, bytes sent`);
let cpuSum = 0;
let querySum = 0;
for (const [route, t] of [...totals].sort((a, b) => b[1].cpuUs - a[1].cpuUs)) {
  cpuSum += t.cpuUs / t.calls;
  querySum += t.queries / t.calls;
  console.log(
    `  ${route.padEnd(40)} ${(t.cpuUs / t.calls / 1000).toFixed(2).padStart(6)} ms ${(t.queries / t.calls).toFixed(1).padStart(5)} q ` +
      `${(t.rows / t.calls).toFixed(0).padStart(6)} rows ${(t.bytes / t.calls).toFixed(0).padStart(7)} B`,
  );
}
console.log(`  a whole page: ${(cpuSum / 1000).toFixed(1)} ms CPU, ${querySum.toFixed(1)} queries`);
if (ctx.answers) console.log(`answer cache: ${JSON.stringify(ctx.answers.stats())}`);
await app.close();
await closeContext(ctx);
process.exit(0);
