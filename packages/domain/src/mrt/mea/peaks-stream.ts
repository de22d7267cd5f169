import {
  BASELINE_WINDOW_M,
  MAX_PEAKS,
  NOISE_SAMPLE_LIMIT,
  PEAK_FLOOR_SIGMAS,
  PEAK_SEPARATION_M,
  summariseAnalysis,
  type TraceAnalysis,
  type TracePeak,
} from './peaks.ts';

/**
 * analyseTrace for a trace that arrives in pieces, with the same answer to the bit, holding only a metre of trace,
 * the noise subsample and the highest peaks, never the trace. Whether a sample is a peak (the largest within the
 * separation) does not depend on the floor, and the floor is never below two counts: peaks over two counts are
 * collected as they pass, only the highest MAX_PEAKS of them kept, and those under the floor (known once the noise
 * is) dropped at the end. The highest peaks over the floor are the highest collected ones over it.
 */
export function createTraceAnalyser(sampleCount: number, spacingM: number, resolution: number) {
  const n = sampleCount;
  const half = Math.max(1, Math.floor(Math.round(BASELINE_WINDOW_M / spacingM) / 2));
  const separation = Math.max(1, Math.round(PEAK_SEPARATION_M / spacingM));
  const provisionalFloor = 2 * resolution;
  // The trace from sample i - half - 1 to i + half: what the moving mean of sample i adds and takes away.
  const traceRing = new Float32Array(2 * half + 2);
  // The detrended values from i - separation to i + separation: what decides whether i is a peak.
  const detrendedRing = new Float32Array(2 * separation + 1);
  const step = Math.max(1, Math.ceil(n / NOISE_SAMPLE_LIMIT));
  const noise = new Float64Array(Math.ceil(n / step));
  let received = 0;
  let next = 0; // the next sample to detrend
  let from = 0;
  let to = 0;
  let sum = 0;
  let judged = 0; // the next sample to judge as a peak
  let peaks: TracePeak[] = [];

  const detrendNext = () => {
    const i = next++;
    const wantFrom = Math.max(0, i - half);
    const wantTo = Math.min(n, i + half + 1);
    while (to < wantTo) sum += traceRing[to++ % traceRing.length]!;
    while (from < wantFrom) sum -= traceRing[from++ % traceRing.length]!;
    const value = Math.fround(traceRing[i % traceRing.length]! - sum / (to - from));
    detrendedRing[i % detrendedRing.length] = value;
    if (i % step === 0) noise[i / step] = Math.abs(value);
  };
  const judgeNext = () => {
    const i = judged++;
    const amplitude = Math.abs(detrendedRing[i % detrendedRing.length]!);
    if (!(amplitude >= provisionalFloor) || amplitude === 0) return;
    const last = Math.min(n - 1, i + separation);
    for (let j = Math.max(0, i - separation); j <= last; j++) {
      const other = Math.abs(detrendedRing[j % detrendedRing.length]!);
      if (j < i ? other >= amplitude : j > i && other > amplitude) return;
    }
    peaks.push({ index: i, amplitude });
    if (peaks.length > 2 * MAX_PEAKS) peaks = highest(peaks);
  };
  const advance = (available: number) => {
    // A sample is detrended once the window after it has arrived, judged once the separation after it is detrended.
    while (next < n && Math.min(n, next + half + 1) <= available) {
      detrendNext();
      while (judged < next && (next === n || judged + separation < next)) judgeNext();
    }
  };

  return {
    push(values: ArrayLike<number>) {
      for (let k = 0; k < values.length && received < n; k++) {
        traceRing[received % traceRing.length] = values[k]!;
        received++;
        if (received > half) advance(received);
      }
    },
    finish(): TraceAnalysis {
      if (received !== n) throw new Error(`trace analyser got ${received} of ${n} samples`);
      advance(n);
      const sample = Array.from(noise).sort((a, b) => a - b);
      const middle = sample.length >> 1;
      const median = sample.length % 2 ? sample[middle]! : ((sample[middle - 1] ?? 0) + (sample[middle] ?? 0)) / 2;
      const noiseSigma = 1.4826 * median;
      const floor = Math.max(PEAK_FLOOR_SIGMAS * noiseSigma, provisionalFloor);
      const over = peaks.filter((peak) => peak.amplitude >= floor);
      const kept = over.length > MAX_PEAKS ? highest(over) : over;
      return summariseAnalysis(
        noiseSigma,
        resolution,
        kept.sort((a, b) => a.index - b.index),
      );
    },
  };
}

/** The MAX_PEAKS highest, the earlier of equals first (the order findPeaks keeps them by). */
function highest(peaks: TracePeak[]): TracePeak[] {
  return peaks.sort((a, b) => b.amplitude - a.amplitude || a.index - b.index).slice(0, MAX_PEAKS);
}
