import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The p-quantile (0..1) of all samples, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** Other processes may use up to this many cores on average while a goal is judged. */
const OTHERS_AT_MOST = 0.5;

/** Busy CPU time of the machine and of this process (all its threads), in seconds. */
function cpuSeconds() {
  const ticks = 100;
  const total = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const busy = total.slice(0, 8).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
  const own = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime and stime: fields 14 and 15 of the whole line, 12 and 13 after the command name.
  return { machine: busy / ticks, own: (Number(own[11]) + Number(own[12])) / ticks };
}

/**
 * Watches what other processes do to the machine while a bench measures: the cores they kept busy on average (the
 * machine's busy time less this process's, over the wall time) and the load average. A goal is judged only when
 * others left the cores to the bench; a passing figure from a busy machine says little about the next run.
 */
export function watchMachine() {
  const cores = availableParallelism();
  const start = { ...cpuSeconds(), at: performance.now() };
  return () => {
    const end = cpuSeconds();
    const wall = (performance.now() - start.at) / 1000;
    const others = Math.max(0, (end.machine - start.machine - (end.own - start.own)) / wall);
    const own = (end.own - start.own) / wall;
    const load = loadavg()[0]!;
    return {
      cores,
      others,
      quiet: others <= OTHERS_AT_MOST,
      text:
        `other processes kept ${others.toFixed(2)} of ${cores} cores busy on average, this one ${own.toFixed(2)}; ` +
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
