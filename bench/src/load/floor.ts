// The busy morning's floor, measured in the same run as the cockpit: two bare servers (floor-server.ts) behind the
// same proxy take the same calls at the same rates, each asking PostgreSQL once. The cores they need are what this
// machine charges any server for the traffic alone (sockets, the proxy, a database round trip), which moves from
// machine to machine by more than the cockpit's own work does (bench/README.md).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@rope/server-runner';
import { startProxy } from './start-proxy.ts';
import type { Site } from './traffic.ts';

export interface Floor {
  url: string;
  /** Process groups: the two servers, then the proxy. */
  groups: { servers: number[]; proxy: number };
  stop(): void;
}

const START_TIMEOUT_MS = 30_000;

function startFloorServer(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/src/load/floor-server.ts')], {
    cwd: join(repoRoot, 'bench'),
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the floor server did not start:\n${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, port: Number(port) });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the floor server ended (${code}):\n${output}`)));
  });
}

function stopGroup(child: ChildProcess) {
  try {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

export async function startFloor(databaseUrl: string): Promise<Floor> {
  const servers = [await startFloorServer(databaseUrl), await startFloorServer(databaseUrl)];
  const proxy = await startProxy(servers.map((server) => server.port));
  return {
    url: `http://127.0.0.1:${proxy.port}`,
    groups: { servers: servers.map((server) => server.child.pid ?? -1), proxy: proxy.group },
    stop() {
      proxy.stop();
      for (const server of servers) stopGroup(server.child);
    },
  };
}

/**
 * A site whose calls have the shapes and sizes of the demo's (the same paths, cookies and bodies), for the floor,
 * which answers every call alike: it runs before the cockpit has started, so it cannot sign anyone in.
 */
export function floorSite(url: string): Site {
  const ropes = Array.from({ length: 20 }, (_, i) => ({ id: 30 + i, installationId: 10 + (i % 5), areaId: 4 }));
  const person = (email: string) => ({
    email,
    cookie: `rc_session=${'s'.repeat(43)}`,
    ropeIds: ropes.map((rope) => rope.id),
    ropes,
  });
  return {
    url,
    people: ['admin', 'pm', 'clientadmin', 'client'].map((name) => person(`${name}@example.com`)),
    importKey: 'k'.repeat(48),
    sensors: Array.from({ length: 16 }, (_, i) => ({ deviceId: 1 + i, sensorId: 1 + i })),
  };
}
