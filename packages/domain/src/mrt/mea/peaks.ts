/** A damage candidate: a peak of the trace above its local baseline. */
export interface TracePeak {
  /** Sample index in the file. */
  index: number;
  /** Height above (or depth below) the local baseline, mV, always positive. */
  amplitude: number;
}

export interface TraceAnalysis {
  /** Robust standard deviation of the trace around its baseline, mV. */
  noiseSigma: number;
  /** The threshold candidates are offered at unless the inspector chooses another, mV. */
  defaultThreshold: number;
  /** Peaks below this are not kept; a lower threshold offers nothing more, mV. */
  peakFloor: number;
  /** The kept peaks in sample order, at most MAX_PEAKS of the highest. */
  peaks: TracePeak[];
}

/** Peaks are measured against the mean of the trace within half a metre either side: the rope's slow drift goes. */
export const BASELINE_WINDOW_M = 1;
/** Of two peaks closer than this only the higher is a candidate (one flaw, one candidate). */
export const PEAK_SEPARATION_M = 0.1;
export const DEFAULT_THRESHOLD_SIGMAS = 6;
export const PEAK_FLOOR_SIGMAS = 4;
export const MAX_PEAKS = 500;
export const NOISE_SAMPLE_LIMIT = 100_000;

/** The trace minus its moving mean over `window` samples (centred, shorter at the ends). */
export function detrend(trace: ArrayLike<number>, window: number): Float32Array {
  const n = trace.length;
  const half = Math.max(1, Math.floor(window / 2));
  const out = new Float32Array(n);
  let sum = 0;
  let from = 0;
  let to = 0; // the window is [from, to)
  for (let i = 0; i < n; i++) {
    const wantFrom = Math.max(0, i - half);
    const wantTo = Math.min(n, i + half + 1);
    while (to < wantTo) sum += trace[to++]!;
    while (from < wantFrom) sum -= trace[from++]!;
    out[i] = trace[i]! - sum / (to - from);
  }
  return out;
}

/** 1.4826 · the median absolute value of (a spread subsample of) the detrended trace: noise, not the peaks. */
export function robustSigma(detrended: ArrayLike<number>): number {
  const step = Math.max(1, Math.ceil(detrended.length / NOISE_SAMPLE_LIMIT));
  const sample: number[] = [];
  for (let i = 0; i < detrended.length; i += step) sample.push(Math.abs(detrended[i]!));
  sample.sort((a, b) => a - b);
  const middle = sample.length >> 1;
  const median = sample.length % 2 ? sample[middle]! : ((sample[middle - 1] ?? 0) + (sample[middle] ?? 0)) / 2;
  return 1.4826 * median;
}

/**
 * The trace's peaks: samples whose distance from the baseline is at least `floor` and the largest within
 * `separation` samples either side (the first of equals). The highest `limit` are kept, in sample order.
 */
export function findPeaks(detrended: ArrayLike<number>, floor: number, separation: number, limit = MAX_PEAKS) {
  const n = detrended.length;
  const peaks: TracePeak[] = [];
  for (let i = 0; i < n; i++) {
    const amplitude = Math.abs(detrended[i]!);
    if (!(amplitude >= floor) || amplitude === 0) continue;
    let isPeak = true;
    for (let j = Math.max(0, i - separation); j <= Math.min(n - 1, i + separation) && isPeak; j++) {
      const other = Math.abs(detrended[j]!);
      if (j < i ? other >= amplitude : j > i && other > amplitude) isPeak = false;
    }
    if (isPeak) peaks.push({ index: i, amplitude });
  }
  if (peaks.length <= limit) return peaks;
  return peaks
    .sort((a, b) => b.amplitude - a.amplitude)
    .slice(0, limit)
    .sort((a, b) => a.index - b.index);
}

/**
 * Noise, the default threshold and the peaks of a trace sampled every `spacingM` metres. `resolution` is one count
 * in mV: a quiet trace does not offer its rounding steps as peaks.
 */
export function analyseTrace(trace: ArrayLike<number>, spacingM: number, resolution: number): TraceAnalysis {
  const detrended = detrend(trace, Math.round(BASELINE_WINDOW_M / spacingM));
  const noiseSigma = robustSigma(detrended);
  const peakFloor = Math.max(PEAK_FLOOR_SIGMAS * noiseSigma, 2 * resolution);
  const separation = Math.max(1, Math.round(PEAK_SEPARATION_M / spacingM));
  return summariseAnalysis(noiseSigma, resolution, findPeaks(detrended, peakFloor, separation));
}

/** The analysis of a trace from its noise and its peaks over the floor, rounded to µV as stored. */
export function summariseAnalysis(noiseSigma: number, resolution: number, peaks: TracePeak[]): TraceAnalysis {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    noiseSigma: round(noiseSigma),
    defaultThreshold: round(Math.max(DEFAULT_THRESHOLD_SIGMAS * noiseSigma, 3 * resolution)),
    peakFloor: round(Math.max(PEAK_FLOOR_SIGMAS * noiseSigma, 2 * resolution)),
    peaks: peaks.map((peak) => ({ index: peak.index, amplitude: round(peak.amplitude) })),
  };
}
