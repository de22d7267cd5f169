import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The p-quantile (0..1) of all samples, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** Other processes may use up to this many cores on average while a goal is judged. */
const OTHERS_AT_MOST = 0.5;

const TICKS_PER_SECOND = 100;

/** utime + stime of a process (all its threads) and its parent, from /proc/<pid>/stat; undefined once it is gone. */
function processTicks(pid: number | 'self'): { ticks: number; parent: number } | undefined {
  try {
    // Fields after the command name: state (3), ppid (4), ..., utime (14), stime (15).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** The given processes and every process below them. */
function withDescendants(roots: number[]): number[] {
  if (roots.length === 0) return [];
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = processTicks(Number(name));
    if (stat) parentOf.set(Number(name), stat.parent);
  }
  const found = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

/**
 * The PostgreSQL server processes that serve connections to `database` (their title is "postgres: <user>
 * <database> ..."): the database's share of a bench's work is the bench's own.
 */
function databaseBackends(database: string | undefined): number[] {
  if (!database) return [];
  // "postgres: [<cluster name>: ]<user> <database> <client> <state>"
  const title = new RegExp(`^postgres: (?:\\S+: )?\\S+ ${database.replace(/\W/g, '\\$&')} `);
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (title.test(readFileSync(`/proc/${name}/cmdline`, 'utf8'))) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** CPU seconds the PostgreSQL processes serving `database` have used so far (those alive now). */
export function databaseSeconds(database: string): number {
  let ticks = 0;
  for (const pid of databaseBackends(database)) ticks += processTicks(pid)?.ticks ?? 0;
  return ticks / TICKS_PER_SECOND;
}

/** Busy CPU seconds of the machine, and the ticks of each of the bench's own processes (this one, `pids` and theirs). */
function cpuSeconds(pids: number[], database: string | undefined) {
  const total = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const busy = total.slice(0, 8).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
  const own = new Map<number | 'self', number>([['self', processTicks('self')!.ticks]]);
  for (const pid of [...withDescendants(pids), ...databaseBackends(database)]) {
    if (pid !== process.pid) own.set(pid, processTicks(pid)?.ticks ?? 0);
  }
  return { machine: busy / TICKS_PER_SECOND, own };
}

/** The bench's own CPU seconds between two readings: a process seen only at the end counts from its start. */
function ownSeconds(start: Map<number | 'self', number>, end: Map<number | 'self', number>): number {
  let ticks = 0;
  for (const [pid, value] of end) ticks += value - (start.get(pid) ?? 0);
  return ticks / TICKS_PER_SECOND;
}

/**
 * Watches what other processes do to the machine while a bench measures: the cores they kept busy on average (the
 * machine's busy time less the bench's own: this process, the servers it started, `pids`, with theirs (`process.pid`
 * among them for every process this one started, e.g. a browser), and the
 * PostgreSQL processes serving its `database`) and the load average. A goal is judged only when others left the cores to the bench; a passing figure from a busy machine
 * says little about the next run.
 */
export function watchMachine(pids: number[] = [], options: { database?: string } = {}) {
  const cores = availableParallelism();
  const start = { ...cpuSeconds(pids, options.database), at: performance.now() };
  return () => {
    const end = cpuSeconds(pids, options.database);
    const wall = (performance.now() - start.at) / 1000;
    const ownTotal = ownSeconds(start.own, end.own);
    const others = Math.max(0, (end.machine - start.machine - ownTotal) / wall);
    const own = ownTotal / wall;
    const load = loadavg()[0]!;
    return {
      cores,
      others,
      quiet: others <= OTHERS_AT_MOST,
      text:
        `other processes kept ${others.toFixed(2)} of ${cores} cores busy on average, the bench ${own.toFixed(2)}; ` +
        `load average ${load.toFixed(1)}`,
    };
  };
}

export type MachineWatch = ReturnType<ReturnType<typeof watchMachine>>;

/** A goal's verdict: met or not, and never "met" while other processes kept the machine busy. */
export function verdict(met: boolean, machine: MachineWatch): string {
  if (!met) return 'NOT met';
  return machine.quiet ? 'met' : `not judged (${machine.text}: run again on a quieter machine)`;
}
