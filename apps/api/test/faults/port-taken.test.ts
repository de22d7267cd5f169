import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listensOn } from '@rope/server-runner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from './processes.ts';

/**
 * Another process's server on the port an API is started on (a free port that a parallel test file's server took
 * meanwhile): its health answer must not pass for the API's, or the test talks to a stranger (once: an API key
 * refused as unknown after a restart, by another test's server with another database).
 */
describe('an API started on a port another server holds', () => {
  let stranger: Server;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), 'rope-port-taken-'));
  beforeAll(async () => {
    stranger = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    port = (stranger.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => stranger.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells which process holds a listening port', () => {
    expect(listensOn(process.pid, port)).toBe(true);
    expect(listensOn(process.ppid, port)).toBe(false);
  });

  it("is not taken for started by the other server's health answer, and fails with EADDRINUSE", async () => {
    await expect(startApi({ DATA_DIR: dataDir }, port)).rejects.toThrow(/EADDRINUSE/);
  }, 90_000);
});
