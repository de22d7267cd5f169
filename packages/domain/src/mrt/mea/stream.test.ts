import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockOverview, createBlockOverview } from './decimate.ts';
import { meaTrace, readMeaHead, readMeaHeader } from './decode.ts';
import { MeaFormatError } from './errors.ts';
import { generateMea } from './generate.ts';
import { analyseTrace } from './peaks.ts';
import { createTraceAnalyser } from './peaks-stream.ts';
import { MeaStreamDecoder } from './stream.ts';

/** The file cut at `cuts` (byte offsets), as an upload may deliver it. */
function piecesOf(bytes: Uint8Array, cuts: number[]) {
  const at = [0, ...[...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
}

function streamed(bytes: Uint8Array, cuts: number[]) {
  const { header, fileBytes } = readMeaHead(bytes);
  const decoder = new MeaStreamDecoder(header, fileBytes);
  const analyser = createTraceAnalyser(header.sampleCount, header.sampleSpacingUm / 1e6, header.scale);
  const overview = createBlockOverview(header.sampleCount, 256);
  const trace: number[] = [];
  for (const piece of piecesOf(bytes, cuts)) {
    const values = decoder.push(piece);
    analyser.push(values);
    overview.push(values);
    trace.push(...values);
  }
  decoder.finish();
  return { trace, analysis: analyser.finish(), overview };
}

describe('a measurement file read in pieces', () => {
  it('answers the trace, the overview and the analysis of the whole file, to the bit, however it is cut', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(12, 24),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(1, 2, 5),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 1000 }),
        (bitDepth, channelCount, sampleSpacingMm, cuts, seed) => {
          const bytes = generateMea({
            bitDepth: bitDepth as 12 | 24,
            channelCount,
            sampleSpacingMm,
            lengthM: 7.3,
            seed,
          }).bytes;
          const header = readMeaHeader(bytes);
          const whole = meaTrace(bytes, header);
          const { trace, analysis, overview } = streamed(bytes, cuts);
          expect(trace).toEqual(Array.from(whole));
          expect(analysis).toEqual(analyseTrace(whole, header.sampleSpacingUm / 1e6, header.scale));
          const expected = blockOverview(whole, 256);
          expect(overview.min).toEqual(expected.min);
          expect(overview.max).toEqual(expected.max);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the highest peaks as the whole-file analysis does when there are more than it keeps', () => {
    const bytes = generateMea({
      bitDepth: 24,
      lengthM: 150,
      sampleSpacingMm: 5,
      flaws: Array.from({ length: 700 }, (_, i) => ({ positionM: 1 + i * 0.2, amplitudeMv: 10 + (i % 37) })),
    }).bytes;
    const header = readMeaHeader(bytes);
    const whole = analyseTrace(meaTrace(bytes, header), header.sampleSpacingUm / 1e6, header.scale);
    expect(whole.peaks.length).toBe(500);
    expect(streamed(bytes, [1000, 77777, 300001]).analysis).toEqual(whole);
  });

  it('refuses a file cut short, one with bytes appended and one damaged in transit, naming the length', () => {
    const bytes = generateMea({ bitDepth: 12, lengthM: 3 }).bytes;
    const refusal = (file: Uint8Array) => {
      try {
        streamed(file, [100]);
      } catch (error) {
        return error instanceof MeaFormatError ? error.reason : error;
      }
      return undefined;
    };
    expect(refusal(bytes.subarray(0, bytes.length - 1))).toMatchObject({
      key: 'app.errors.meaLength',
      params: { expected: bytes.length, actual: bytes.length - 1 },
    });
    expect(refusal(new Uint8Array([...bytes, 0]))).toMatchObject({
      key: 'app.errors.meaLength',
      params: { actual: bytes.length + 1 },
    });
    const damaged = Uint8Array.from(bytes);
    damaged[500] = damaged[500]! ^ 1;
    expect(refusal(damaged)).toMatchObject({ key: 'app.errors.meaChecksum' });
  });
});
