import type { Splice, SplicePart } from '../events/schemas.ts';

export type SpliceBand = 'green' | 'yellow' | 'red';
export const SPLICE_WARNINGS = { yellow: 'renewal recommended', red: 'renewal very recommended' } as const;
export const LONG_SPLICE_MIN_DIAMETERS = 1200;
export const SPLICE_SPACING_MIN_DIAMETERS = 3000;

/** Deviation of a part's diameter from nominal in percent: knots by their maximum, other parts by their minimum. */
export function spliceDeviation(
  part: Pick<SplicePart, 'type' | 'diameterMin' | 'diameterMax'>,
  nominal: number,
): number | undefined {
  const measured = part.type === 'knot' ? part.diameterMax : part.diameterMin;
  if (measured === undefined || !(nominal > 0)) return undefined;
  return ((measured - nominal) / nominal) * 100;
}

/** Knots: up to +5 % green, up to +10 % yellow, beyond red. Other parts: down to −5 % green, −10 % yellow, below red. */
export function spliceBand(type: SplicePart['type'], deviation: number): SpliceBand {
  if (type === 'knot') {
    if (deviation <= 5) return 'green';
    return deviation <= 10 ? 'yellow' : 'red';
  }
  if (deviation >= -5) return 'green';
  return deviation >= -10 ? 'yellow' : 'red';
}

export function splicePartBand(part: SplicePart, nominal: number): SpliceBand | undefined {
  const deviation = spliceDeviation(part, nominal);
  return deviation === undefined ? undefined : spliceBand(part.type, deviation);
}

/** Splice length over nominal diameter: metres · 1000 / mm. */
export function spliceLengthRatio(splice: Pick<Splice, 'positionStart' | 'positionEnd'>, nominal: number): number {
  return (Math.abs(splice.positionEnd - splice.positionStart) * 1000) / nominal;
}

/** Flags (never blocks) splices shorter than 1,200 d and splices closer than 3,000 d to the previous one. */
export function spliceFlags(splices: readonly Splice[], nominal: number): { short: number[]; close: number[] } {
  const short: number[] = [];
  const close: number[] = [];
  const ordered = splices
    .map((splice, index) => ({ splice, index }))
    .sort(
      (a, b) =>
        Math.min(a.splice.positionStart, a.splice.positionEnd) - Math.min(b.splice.positionStart, b.splice.positionEnd),
    );
  ordered.forEach(({ splice, index }, i) => {
    if (spliceLengthRatio(splice, nominal) < LONG_SPLICE_MIN_DIAMETERS) short.push(index);
    const previous = ordered[i - 1]?.splice;
    if (previous) {
      const gap =
        Math.min(splice.positionStart, splice.positionEnd) - Math.max(previous.positionStart, previous.positionEnd);
      if ((gap * 1000) / nominal < SPLICE_SPACING_MIN_DIAMETERS) close.push(index);
    }
  });
  return { short, close };
}

/** The worst band among a splice's parts: yellow and red carry the renewal warnings; undefined when none is known. */
export function worstSpliceBand(bands: readonly (SpliceBand | undefined)[]): SpliceBand | undefined {
  if (bands.includes('red')) return 'red';
  if (bands.includes('yellow')) return 'yellow';
  return bands.includes('green') ? 'green' : undefined;
}
