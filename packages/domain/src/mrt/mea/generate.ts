import { encodeMea } from './encode.ts';
import { type MeaBitDepth, type MeaFile, maxCount } from './format.ts';

/** A broken wire put into a generated file. */
export interface MeaFlaw {
  /** Device position, m. */
  positionM: number;
  /** Height of the pulse in a channel facing the wire, mV. */
  amplitudeMv: number;
  /** Half width of the pulse, mm. */
  widthMm?: number;
  /** Where around the rope the wire lies, radians: channels facing it see the pulse strongest. */
  angle?: number;
}

export interface GenerateMeaOptions {
  bitDepth: MeaBitDepth;
  seed?: number;
  channelCount?: number;
  lengthM?: number;
  sampleSpacingMm?: number;
  /** Device position of the first sample, m. */
  startPositionM?: number;
  /** Epoch seconds. */
  recordedAt?: number;
  ropeSpeedMps?: number;
  bendingCycles?: number;
  /** Standard deviation of each channel's noise, mV. */
  noiseMv?: number;
  /** Amplitude of the slow drift (sensor lift-off, the rope's magnetisation), mV. */
  driftMv?: number;
  /** Amplitude of the strand pattern each channel sees, mV. */
  strandMv?: number;
  /** The distance between two strands passing one sensor, m. */
  strandPitchM?: number;
  fullScaleMv?: number;
  flaws?: MeaFlaw[];
}

/** Broken wires of the default file: single breaks, a pair 0.3 m apart, a small one near the end. */
export const DEFAULT_MEA_FLAWS: readonly MeaFlaw[] = [
  { positionM: 23.4, amplitudeMv: 12, angle: 0.3 },
  { positionM: 57.25, amplitudeMv: 8, angle: 2.1 },
  { positionM: 101.8, amplitudeMv: 20, angle: 4 },
  { positionM: 102.1, amplitudeMv: 9, angle: 1 },
  { positionM: 164.05, amplitudeMv: 10, angle: 5.5 },
];

export interface GeneratedMea {
  bytes: Uint8Array;
  file: MeaFile;
  /** The flaws with the height their pulse has in the trace (the mean of the channels), mV. */
  flaws: (Required<MeaFlaw> & { traceAmplitudeMv: number })[];
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The sensitivity of a channel to a wire at `delta` radians from it: some from every side, most when facing it. */
const channelGain = (delta: number) => 0.4 + 0.6 * Math.max(0, Math.cos(delta));

/** A broken wire's pulse (a Ricker wavelet): 1 at the wire, dipping below the baseline on both sides. */
const pulse = (t: number) => (1 - t * t) * Math.exp((-t * t) / 2);

/**
 * A realistic measurement file with known broken wires: per channel slow drift, the strand pattern, Gaussian noise
 * and a pulse for each flaw, quantised to the bit depth. The same options and seed give the same bytes.
 */
export function generateMea(options: GenerateMeaOptions): GeneratedMea {
  const {
    bitDepth,
    seed = 1,
    channelCount = 4,
    lengthM = 200,
    sampleSpacingMm = 5,
    startPositionM = 0,
    recordedAt = Date.UTC(2026, 3, 1, 8) / 1000,
    ropeSpeedMps = 1,
    bendingCycles = 412_000,
    noiseMv = 0.6,
    driftMv = 3,
    strandMv = 0.8,
    strandPitchM = 0.048,
    fullScaleMv = 100,
  } = options;
  const random = mulberry32(seed);
  const normal = gaussian(random);
  const flaws = (options.flaws ?? DEFAULT_MEA_FLAWS).map((flaw) => ({
    widthMm: 12,
    angle: 0,
    ...flaw,
  }));
  const sampleSpacingUm = Math.round(sampleSpacingMm * 1000);
  const sampleCount = Math.floor((lengthM * 1_000_000) / sampleSpacingUm) + 1;
  const scale = fullScaleMv / maxCount(bitDepth);
  const limit = maxCount(bitDepth);
  const driftPhase = random() * 2 * Math.PI;
  const channels = Array.from({ length: channelCount }, (_, channel) => {
    const facing = (2 * Math.PI * channel) / channelCount;
    const offset = normal() * 0.5;
    const counts = new Int32Array(sampleCount);
    for (let i = 0; i < sampleCount; i++) {
      const x = startPositionM + (i * sampleSpacingUm) / 1_000_000;
      let value =
        offset +
        driftMv * Math.sin((2 * Math.PI * x) / 37 + driftPhase) +
        0.5 * driftMv * Math.sin((2 * Math.PI * x) / 11.3) +
        strandMv * Math.sin((2 * Math.PI * x) / strandPitchM + facing) +
        noiseMv * normal();
      for (const flaw of flaws) {
        const t = ((x - flaw.positionM) * 1000) / flaw.widthMm;
        if (Math.abs(t) < 8) value += flaw.amplitudeMv * channelGain(flaw.angle - facing) * pulse(t);
      }
      counts[i] = Math.max(-limit - 1, Math.min(limit, Math.round(value / scale)));
    }
    return counts;
  });
  const file: MeaFile = {
    header: {
      bitDepth,

      sampleSpacingUm,
      startPositionMm: Math.round(startPositionM * 1000),
      ropeSpeedMmPerS: Math.round(ropeSpeedMps * 1000),
      recordedAt: Math.round(recordedAt),
      bendingCycles: Math.round(bendingCycles),
      scale,
    },
    channels,
  };
  const meanGain = (angle: number) =>
    Array.from({ length: channelCount }, (_, channel) =>
      channelGain(angle - (2 * Math.PI * channel) / channelCount),
    ).reduce((sum, gain) => sum + gain, 0) / channelCount;
  return {
    bytes: encodeMea(file),
    file,
    flaws: flaws.map((flaw) => ({ ...flaw, traceAmplitudeMv: flaw.amplitudeMv * meanGain(flaw.angle) })),
  };
}
