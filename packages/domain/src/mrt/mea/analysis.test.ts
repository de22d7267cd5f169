import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockOverview, minMaxBuckets } from './decimate.ts';
import { decodeMea, meaTrace, readMeaHeader } from './decode.ts';
import { samplePositionM } from './format.ts';
import { generateMea } from './generate.ts';
import { analyseTrace, findPeaks } from './peaks.ts';

function candidatesOf(bytes: Uint8Array) {
  const header = readMeaHeader(bytes);
  const analysis = analyseTrace(meaTrace(bytes, header), header.sampleSpacingUm / 1e6, header.scale);
  const over = analysis.peaks.filter((peak) => peak.amplitude >= analysis.defaultThreshold);
  return { analysis, positions: over.map((peak) => samplePositionM(header, peak.index)), over };
}

describe('generated files and the peak detector', () => {
  for (const bitDepth of [12, 24] as const)
    it(`finds exactly the known broken wires of a ${bitDepth}-bit file, within 1 cm`, () => {
      const generated = generateMea({ bitDepth, seed: 7, startPositionM: 3.5 });
      const { positions, over, analysis } = candidatesOf(generated.bytes);
      expect(positions).toHaveLength(generated.flaws.length);
      generated.flaws.forEach((flaw, i) => {
        expect(Math.abs(positions[i]! - flaw.positionM)).toBeLessThanOrEqual(0.01);
        expect(over[i]!.amplitude).toBeGreaterThan(0.7 * flaw.traceAmplitudeMv);
        expect(over[i]!.amplitude).toBeLessThan(1.3 * flaw.traceAmplitudeMv);
      });
      // The noise of the mean of four channels of 0.6 mV each, plus what the strand pattern leaves.
      expect(analysis.noiseSigma).toBeGreaterThan(0.2);
      expect(analysis.noiseSigma).toBeLessThan(0.6);
    });

  it('offers nothing in a file without flaws at the default threshold', () => {
    const { positions } = candidatesOf(generateMea({ bitDepth: 24, seed: 3, flaws: [] }).bytes);
    expect(positions).toEqual([]);
  });

  it('writes the same bytes for the same options and seed, others for another seed', () => {
    const a = generateMea({ bitDepth: 12, lengthM: 5, flaws: [] }).bytes;
    expect(generateMea({ bitDepth: 12, lengthM: 5, flaws: [] }).bytes).toEqual(a);
    expect(generateMea({ bitDepth: 12, lengthM: 5, flaws: [], seed: 2 }).bytes).not.toEqual(a);
  });

  it('puts the header figures into the file as asked', () => {
    const { header } = decodeMea(
      generateMea({
        bitDepth: 24,
        lengthM: 10,
        sampleSpacingMm: 2,
        bendingCycles: 1_234_567,
        ropeSpeedMps: 0.3,
        channelCount: 8,
        flaws: [],
      }).bytes,
    );
    expect(header).toMatchObject({
      bitDepth: 24,
      channelCount: 8,
      sampleCount: 5001,
      sampleSpacingUm: 2000,
      bendingCycles: 1_234_567,
      ropeSpeedMmPerS: 300,
    });
  });

  it('keeps only the higher of two peaks closer than the separation', () => {
    const signal = [0, 0, 5, 0, 7, 0, 0, 0, 0, 0, 6, 0];
    expect(findPeaks(signal, 1, 2)).toEqual([
      { index: 4, amplitude: 7 },
      { index: 10, amplitude: 6 },
    ]);
    expect(findPeaks([0, 3, 3, 0], 1, 2)).toEqual([{ index: 1, amplitude: 3 }]);
    expect(findPeaks([1, 9, 2, 8, 3, 7], 1, 0, 2)).toEqual([
      { index: 1, amplitude: 9 },
      { index: 3, amplitude: 8 },
    ]);
  });
});

describe('min/max decimation', () => {
  it('keeps every extreme: each bucket bounds its samples, and no more buckets than asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 500 }),
        fc.integer({ min: 1, max: 80 }),
        (values, buckets) => {
          const result = minMaxBuckets(values, values, buckets);
          expect(result.min.length).toBeLessThanOrEqual(buckets);
          expect(result.starts[0]).toBe(0);
          expect(result.starts.at(-1)).toBe(values.length);
          result.min.forEach((low, b) => {
            const slice = values.slice(result.starts[b], result.starts[b + 1]);
            expect(slice.length).toBeGreaterThan(0);
            expect(low).toBe(Math.min(...slice));
            expect(result.max[b]).toBe(Math.max(...slice));
          });
        },
      ),
    );
  });

  it('draws the same extremes from a block overview as from the samples', () => {
    const values = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 7) * (i % 13));
    const overview = blockOverview(values, 10);
    const fromBlocks = minMaxBuckets(overview.min, overview.max, 20);
    const fromSamples = minMaxBuckets(values, values, 20);
    expect(fromBlocks.min).toEqual(fromSamples.min);
    expect(fromBlocks.max).toEqual(fromSamples.max);
  });
});
