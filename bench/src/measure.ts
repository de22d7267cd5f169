/**
 * Runs two arms interleaved in short rounds and reports the median of the per-round ratios (candidate over
 * baseline): these machines share their CPU, so only ratios measured side by side mean something.
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
  const ratios: number[] = [];
  const candidateTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const baseline = await time(options.baseline, iterations);
    const candidate = await time(options.candidate, iterations);
    ratios.push(candidate / baseline);
    candidateTimes.push(candidate / iterations);
    baselineTimes.push(baseline / iterations);
  }
  const result = {
    name: options.name,
    ratio: median(ratios),
    candidateMs: median(candidateTimes),
    baselineMs: median(baselineTimes),
  };
  console.log(
    `${result.name}: ${result.ratio.toFixed(2)}x (${labels[0]} ${result.candidateMs.toFixed(2)} ms, ${labels[1]} ${result.baselineMs.toFixed(2)} ms per call, median of ${rounds} rounds)`,
  );
  return result;
}

async function time(arm: () => Promise<unknown>, iterations: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < iterations; i += 1) await arm();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
