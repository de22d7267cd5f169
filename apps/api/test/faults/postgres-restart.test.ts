import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { missingPrograms, waitFor } from './machine.ts';
import { POSTGRES_PROGRAMS, type PrivatePostgres, startPrivatePostgres } from './private-postgres.ts';
import { type ApiServer, call, startApi } from './processes.ts';
import { type FaultWorld, seedFaultWorld, wireBreak } from './seed.ts';
import { startWriteTraffic } from './write-traffic.ts';

const skipReason = missingPrograms(POSTGRES_PROGRAMS);

describe.skipIf(Boolean(skipReason))(
  `a PostgreSQL restart under a running API${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: PrivatePostgres | undefined;
    let api: ApiServer | undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'rope-fault-pg-api-'));
    afterAll(async () => {
      api?.process.kill('SIGKILL');
      await api?.process.exited;
      await cluster?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 with a message while the database is down, and serves again after it without a restart', async () => {
      cluster = await startPrivatePostgres();
      const database = await openDatabase({ url: cluster.url, maxConnections: 2 });
      await database.migrate();
      const world: FaultWorld = await seedFaultWorld(database.db);
      await database.close();
      api = await startApi({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
      const { url } = api;
      const read = () => call(`${url}/api/ropes/${world.ropeId}`, { key: world.internalKey, timeoutMs: 20_000 });
      const write = (tag: string) =>
        call(`${url}/api/events`, {
          method: 'POST',
          key: world.internalKey,
          body: wireBreak(world.ropeId, tag),
          timeoutMs: 20_000,
        });
      expect((await read()).status).toBe(200);
      expect((await write('before')).status).toBe(200);

      // Writers keep going through the outage: each of their calls is answered, 2xx or a clean 503, none hangs.
      const traffic = startWriteTraffic(url, world, 2, 30_000);
      await waitFor('writes before the outage', () => traffic.ackedEvents.size >= 3, 30_000);
      const phases: string[] = [];
      let phaseStart = Date.now();
      const phase = (name: string) => {
        phases.push(`${name} ${Date.now() - phaseStart} ms`);
        phaseStart = Date.now();
      };
      await cluster.stop();
      phase('stop');
      const timed = async (what: string, work: () => Promise<Awaited<ReturnType<typeof read>>>) => {
        const started = Date.now();
        try {
          return await work();
        } catch (error) {
          throw new Error(`${what} after ${Date.now() - started} ms: ${error}\n${api!.process.output().slice(-6000)}`);
        }
      };
      const during = [
        await timed('read', read),
        await timed('write', () => write('during')),
        await timed('read', read),
        await timed('health', () => call(`${url}/api/health`)),
      ];
      for (const answer of during) {
        expect(answer.status, answer.text).toBe(503);
        expect(answer.text).not.toMatch(/at .*\.(ts|js):\d+|ECONNREFUSED|postgres/i);
      }
      for (const answer of during.slice(0, 3)) {
        expect(answer.body).toMatchObject({ code: 'UNAVAILABLE', key: 'app.errors.databaseUnavailable' });
      }

      phase('outage probes');
      await cluster.start();
      phase('start');
      // The pool connects again by itself (retrying at most every 2 s): no restart of the API, no long wait.
      await waitFor('a read after the restart', async () => (await read()).status === 200, 8_000);
      phase('first read answered');
      const after = await write('after');
      expect(after.status, after.text).toBe(200);
      const ackedBefore = traffic.ackedEvents.size;
      await waitFor('writers to be answered again', () => traffic.ackedEvents.size >= ackedBefore + 3, 30_000);
      phase('writers answered');
      await traffic.stop();
      phase('writers stopped');
      console.info(`PostgreSQL restart: ${phases.join(', ')}; ${traffic.refused.length} writes refused with 503`);
      expect(traffic.unanswered).toEqual([]);
      expect(traffic.refused.length).toBeGreaterThan(0);
      for (const refusal of traffic.refused) expect(refusal).toMatch(/^503 \{"code":"UNAVAILABLE"/);
      expect((await call(`${url}/api/health`)).status).toBe(200);

      const check = await openDatabase({ url: cluster.url, maxConnections: 1 });
      const rows = await queryRows<{ description: string }>(
        check.db,
        sql`select attributes->>'description' as description from rope_events where rope_id = ${world.ropeId}`,
      );
      await check.close();
      const descriptions = rows.map((row) => row.description);
      expect(descriptions).toEqual(expect.arrayContaining(['before', 'after', ...traffic.ackedEvents]));
      expect(descriptions).not.toContain('during');
    }, 180_000);
  },
);
