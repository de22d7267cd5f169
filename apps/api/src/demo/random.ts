import { createHash } from 'node:crypto';

/** Fixed reference "now" of the demo data: every timestamp is derived from it, never from the clock. */
export const DEMO_REFERENCE_DATE = Date.UTC(2026, 10, 1);
export const DEMO_SEED = 20_261_101;

export const HOUR = 3_600_000;

/**
 * The "now" of what devices report (sensor readings, smartrope events, TRUscan state): the load time to the whole
 * hour, so a freshly loaded demo shows sensors reporting, not a year-old silence. Everything else keeps the fixed
 * reference date; the same seed and load hour always produce the same data.
 */
export const deviceReferenceOf = (loadedAt: number) => Math.floor(loadedAt / 3_600_000) * 3_600_000;
export const DAY = 24 * HOUR;
export const YEAR = 365.25 * DAY;

/**
 * Small, fast, well-distributed 32-bit PRNG (mulberry32): the demo data, the tests and the benchmarks draw the same
 * numbers from the same seed on every run.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hashToInt(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** An independent stream per purpose, so adding data in one module never shifts another. */
  fork(label: string): Rng {
    return new Rng(hashToInt(`${this.seed}:${label}`));
  }

  float(min = 0, max = 1): number {
    return min + this.next() * (max - min);
  }

  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Standard normal variate (Box-Muller). */
  normal(mean = 0, deviation = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  /** A UUID-shaped string (version 4 layout) drawn from this stream. */
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/** Deterministic hex derived from the seed and a label (used for the demo API keys). */
export function deriveHex(seed: number, label: string, length: number): string {
  return createHash('sha256').update(`rope-cockpit-demo:${seed}:${label}`).digest('hex').slice(0, length);
}

export const round = (value: number, digits = 0): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const iso = (ms: number): string => new Date(ms).toISOString();

/** Offsets a point by metres north/east. */
export function offsetLatLng(lat: number, lng: number, north: number, east: number): [number, number] {
  const dLat = north / 111_320;
  const dLng = east / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [round(lat + dLat, 6), round(lng + dLng, 6)];
}
