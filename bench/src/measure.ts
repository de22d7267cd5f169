import { percentile } from './machine.ts';

/**
 * Runs two arms interleaved in short rounds and reports the ratio of their percentiles over every call (candidate
 * over baseline): these machines share their CPU, so only ratios measured side by side mean something.
 */
const WARM_UP_CALLS = 5;
const WARM_UP_MS = 1000;

export async function compareArms(options: {
  name: string;
  candidate: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
  rounds?: number;
  iterations?: number;
  /** How the two arms are called in the report. */
  labels?: [candidate: string, baseline: string];
}) {
  const rounds = options.rounds ?? 15;
  const labels = options.labels ?? ['API', 'bare SQL'];
  const iterations = options.iterations ?? 20;
  // Warm up until both arms run optimised code (at least WARM_UP_CALLS calls and WARM_UP_MS): a server answers the
  // same call many times, and a few calls leave a cheap arm in the interpreter's or a baseline tier's code.
  const warmUpStart = performance.now();
  for (let i = 0; i < WARM_UP_CALLS || performance.now() - warmUpStart < WARM_UP_MS; i += 1) {
    await options.candidate();
    await options.baseline();
  }
  // Every call is a sample; the arms take turns in short rounds, and the ratio is of percentiles over all samples
  // (a median of per-round figures hides the rounds that went badly).
  const candidateTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await time(options.baseline, iterations, baselineTimes);
    await time(options.candidate, iterations, candidateTimes);
  }
  const candidateMs = percentile(candidateTimes, 0.5);
  const baselineMs = percentile(baselineTimes, 0.5);
  const result = {
    name: options.name,
    ratio: candidateMs / baselineMs,
    p95Ratio: percentile(candidateTimes, 0.95) / percentile(baselineTimes, 0.95),
    candidateMs,
    baselineMs,
  };
  console.log(
    `${result.name}: ${result.ratio.toFixed(2)}x at p50, ${result.p95Ratio.toFixed(2)}x at p95 ` +
      `(${labels[0]} ${candidateMs.toFixed(2)} ms, ${labels[1]} ${baselineMs.toFixed(2)} ms a call at p50; ` +
      `${candidateTimes.length} calls each over ${rounds} rounds)`,
  );
  return result;
}

async function time(arm: () => Promise<unknown>, iterations: number, samples: number[]): Promise<void> {
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await arm();
    samples.push(performance.now() - start);
  }
}
