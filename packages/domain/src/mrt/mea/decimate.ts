/** The smallest and largest value of each bucket: a trace of millions of samples drawn with every peak kept. */
export interface MinMaxBuckets {
  /** Sample index (within the values given) where each bucket starts, and one past the last bucket's end. */
  starts: number[];
  min: number[];
  max: number[];
}

/**
 * Splits values[from, to) into at most `buckets` buckets of nearly equal size and answers each bucket's min and max.
 * `lows` and `highs` are the same array for raw samples, or per-block minima and maxima of an overview.
 */
export function minMaxBuckets(
  lows: ArrayLike<number>,
  highs: ArrayLike<number>,
  buckets: number,
  from = 0,
  to = lows.length,
): MinMaxBuckets {
  const count = Math.max(0, to - from);
  const n = Math.min(Math.max(1, Math.floor(buckets)), count);
  const starts: number[] = [];
  const min: number[] = [];
  const max: number[] = [];
  for (let bucket = 0; bucket < n; bucket++) {
    const start = from + Math.floor((bucket * count) / n);
    const end = from + Math.floor(((bucket + 1) * count) / n);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i++) {
      if (lows[i]! < low) low = lows[i]!;
      if (highs[i]! > high) high = highs[i]!;
    }
    starts.push(start);
    min.push(low);
    max.push(high);
  }
  starts.push(from + count);
  return { starts, min, max };
}

/** Per-block minima and maxima of a trace: the overview a long range is drawn from without reading every sample. */
export function blockOverview(trace: ArrayLike<number>, blockSize: number): { min: Float32Array; max: Float32Array } {
  const blocks = Math.ceil(trace.length / blockSize);
  const min = new Float32Array(blocks);
  const max = new Float32Array(blocks);
  for (let block = 0; block < blocks; block++) {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    const end = Math.min(trace.length, (block + 1) * blockSize);
    for (let i = block * blockSize; i < end; i++) {
      const value = trace[i]!;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    min[block] = low;
    max[block] = high;
  }
  return { min, max };
}

/** blockOverview of a trace that arrives in pieces: push each piece in order, then read min and max. */
export function createBlockOverview(sampleCount: number, blockSize: number) {
  const blocks = Math.ceil(sampleCount / blockSize);
  const min = new Float32Array(blocks).fill(Number.POSITIVE_INFINITY);
  const max = new Float32Array(blocks).fill(Number.NEGATIVE_INFINITY);
  let index = 0;
  return {
    min,
    max,
    push(values: ArrayLike<number>) {
      for (let i = 0; i < values.length; i++, index++) {
        const block = Math.floor(index / blockSize);
        const value = values[i]!;
        if (value < min[block]!) min[block] = value;
        if (value > max[block]!) max[block] = value;
      }
    },
  };
}
