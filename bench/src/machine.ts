import { availableParallelism, loadavg } from 'node:os';

/** The p-quantile (0..1) of all samples, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** The machine's load over the last minute, its cores, and whether a goal may be judged on it. */
export function machineLoad() {
  const load = loadavg()[0]!;
  const cores = availableParallelism();
  return { load, cores, quiet: load <= cores, text: `load average ${load.toFixed(1)} on ${cores} cores` };
}

/**
 * A goal's verdict: met or not, and never "met" on a machine busier than its cores, where a passing figure says
 * little about the next run.
 */
export function verdict(met: boolean, load: ReturnType<typeof machineLoad>): string {
  if (!met) return 'NOT met';
  return load.quiet ? 'met' : `not judged (${load.text}: above the cores; run again on a quieter machine)`;
}
