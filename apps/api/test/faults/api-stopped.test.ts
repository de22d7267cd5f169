import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMigratedDataDir } from '@rope/db/test-database';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './machine.ts';
import { type ApiServer, killHard, startApi } from './processes.ts';
import { seedFaultWorld } from './seed.ts';
import { startWriteTraffic } from './write-traffic.ts';

describe('the API process stopped with SIGTERM under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rope-fault-stop-'));
  let api: ApiServer | undefined;
  afterAll(async () => {
    if (api) await killHard(api.process);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request it took before stopping, refuses later ones with 503, and exits with 0', async () => {
    const database = await openMigratedDataDir(join(dataDir, 'db'));
    const world = await seedFaultWorld(database.db);
    await database.close();
    // debug: the line when each request comes in (info writes one per request, when it is answered).
    api = await startApi({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' });

    const traffic = startWriteTraffic(api.url, world, 4);
    await waitFor('acknowledged writes', () => traffic.ackedBatches.size >= 5 && traffic.ackedEvents.size >= 5, 60_000);
    expect(traffic.inFlight()).toBeGreaterThan(0);
    api.process.kill('SIGTERM');
    await api.process.exited;
    await traffic.stop();
    expect(api.process.exitCode(), api.process.output().slice(-2000)).toBe(0);
    // A request that arrives on an open connection while the server closes is refused with 503 (and the connection
    // closed), never left without an answer.
    for (const refusal of traffic.refused) expect(refusal).toMatch(/^503 /);
    // Every request the server began (logged as incoming) it also answered; a request still unread in a keep-alive
    // connection when it closed was never taken, and its client sees the connection close.
    const log = api.process
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; reqId?: string });
    const ids = (entries: typeof log, msg: string) => entries.filter((entry) => entry.msg === msg).map((e) => e.reqId);
    const signalled = log.findIndex((entry) => entry.msg?.startsWith('shutting down'));
    expect(signalled).toBeGreaterThan(0);
    const answered = new Set(ids(log, 'request completed'));
    expect(ids(log, 'incoming request').filter((id) => !answered.has(id))).toEqual([]);
  }, 120_000);
});
