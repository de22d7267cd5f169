import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { cpus } from 'node:os';

/** CPU milliseconds (user and system) this process spends on `work`. */
function cpuMilliseconds(work) {
  const before = process.cpuUsage();
  work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/**
 * Two fixed pieces of work on one thread, timed by the CPU they take: a chain of 300,000 SHA-256 hashes (the machine's
 * computing) and 300,000 one-byte writes to /dev/null (its system calls, which virtual machines make dear). The same
 * tree took 550-1,240 s on the two-core machines of different sessions: beside a run's step times, these tell the
 * machine's speed from the tree's cost (docs/ci-time.md).
 */
export function measureYardstick() {
  const compute = cpuMilliseconds(() => {
    let digest = Buffer.alloc(32);
    for (let i = 0; i < 300_000; i += 1) digest = createHash('sha256').update(digest).digest();
  });
  let systemCalls;
  try {
    const nothing = openSync('/dev/null', 'w');
    const byte = Buffer.from('x');
    systemCalls = cpuMilliseconds(() => {
      for (let i = 0; i < 300_000; i += 1) writeSync(nothing, byte);
    });
    closeSync(nothing);
  } catch {
    // No /dev/null (Windows): the computing alone.
  }
  return { compute, systemCalls };
}

/** CPU seconds all cores have spent busy since the machine started (user, nice, system, interrupts). */
export function machineBusySeconds() {
  return cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0) / 1000;
}
