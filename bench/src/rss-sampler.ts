import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * Samples a process's resident memory (VmRSS of /proc/<pid>/status) every `intervalMs` in a worker thread of its
 * own, so the samples keep their pace while this process is busy pumping bytes. Values in KiB.
 */
export function sampleRss(pid: number, intervalMs = 20) {
  // [current, peak since the last reset, samples taken]
  const shared = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(
    `
    const { workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    const { pid, intervalMs, shared } = workerData;
    const read = () => {
      try {
        const match = /VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'));
        return match ? Number(match[1]) : 0;
      } catch { return 0; }
    };
    setInterval(() => {
      const kib = read();
      Atomics.store(shared, 0, kib);
      if (kib > Atomics.load(shared, 1)) Atomics.store(shared, 1, kib);
      Atomics.add(shared, 2, 1);
    }, intervalMs);
    `,
    { eval: true, workerData: { pid, intervalMs, shared } },
  );
  worker.unref();
  return {
    /** The latest sample. */
    current: () => Atomics.load(shared, 0),
    /** Starts a new peak from the latest sample. */
    resetPeak: () => Atomics.store(shared, 1, Atomics.load(shared, 0)),
    peak: () => Atomics.load(shared, 1),
    samples: () => Atomics.load(shared, 2),
    stop: () => worker.terminate(),
  };
}

/**
 * The API server's own process: the member of `group` (the launcher's process group; tsx starts the server in a child
 * of its own, beside esbuild) that holds the socket listening on `port`.
 */
export function serverProcess(group: number, port: number): number {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = new Set(
    ['tcp', 'tcp6'].flatMap((table) =>
      readFileSync(`/proc/net/${table}`, 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        // local_address rem_address st ... inode; st 0A is LISTEN
        .filter((fields) => fields[1]?.endsWith(portHex) && fields[3] === '0A')
        .map((fields) => `socket:[${fields[9]}]`),
    ),
  );
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      const fds = readdirSync(`/proc/${name}/fd`);
      if (fds.some((fd) => listening.has(readlinkOr(`/proc/${name}/fd/${fd}`)))) return Number(name);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error(`no process of group ${group} listens on port ${port}`);
}

function readlinkOr(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}
