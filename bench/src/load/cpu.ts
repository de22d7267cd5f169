// Where the time goes: CPU seconds each part of the system used over a window, from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  pid: number;
  group: number;
  command: string;
  ticks: number;
  /** Of `ticks`, those spent in the kernel on the process's behalf (system calls, page faults). */
  kernelTicks: number;
}

function readAll(): ProcessTimes[] {
  const found: ProcessTimes[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command sits in parentheses and may hold spaces; the fields after it are space-separated.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      found.push({
        pid: Number(name),
        group: Number(fields[2]),
        command,
        ticks: Number(fields[11]) + Number(fields[12]),
        kernelTicks: Number(fields[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** Names a process by the part it plays: a process group of ours, or a server by its command. */
export type Classify = (process: { pid: number; group: number; command: string }) => string | undefined;

/**
 * Starts counting; the returned function answers CPU seconds per part since then (`used`), the kernel's part of them
 * (`kernel`), and the window's seconds.
 */
export function startCpuWindow(classify: Classify) {
  const before = new Map(readAll().map((entry) => [entry.pid, entry]));
  const startedAt = performance.now();
  return () => {
    const seconds = (performance.now() - startedAt) / 1000;
    const used = new Map<string, number>();
    const kernel = new Map<string, number>();
    for (const entry of readAll()) {
      const part = classify(entry);
      if (!part) continue;
      const earlier = before.get(entry.pid);
      const ticks = entry.ticks - (earlier?.ticks ?? 0);
      const kernelTicks = entry.kernelTicks - (earlier?.kernelTicks ?? 0);
      used.set(part, (used.get(part) ?? 0) + ticks / TICKS_PER_SECOND);
      kernel.set(part, (kernel.get(part) ?? 0) + kernelTicks / TICKS_PER_SECOND);
    }
    return { seconds, used, kernel };
  };
}
