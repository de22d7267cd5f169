import {
  type SpliceBand,
  spliceBand,
  spliceDeviation,
  spliceFlags,
  spliceLengthRatio,
  worstSpliceBand,
} from '@rope/domain/ropes/splices';
import { type SplicePartValues, type SpliceValues, toNumber } from './event-form';

export interface PartCheck {
  /** % of the nominal diameter; undefined until the relevant diameter is entered. */
  deviation?: number;
  band?: SpliceBand;
}

/** A part's deviation and band as it is being typed (knots by their maximum, other parts by their minimum). */
export function checkPart(part: SplicePartValues, nominalDiameter: number | undefined): PartCheck {
  if (!nominalDiameter) return {};
  const deviation = spliceDeviation(
    { type: part.type, diameterMin: toNumber(part.diameterMin), diameterMax: toNumber(part.diameterMax) },
    nominalDiameter,
  );
  if (deviation === undefined || !Number.isFinite(deviation)) return {};
  return { deviation, band: spliceBand(part.type, deviation) };
}

/** The worst band of a splice's parts: yellow and red parts carry the renewal warnings. */
export function worstBand(checks: readonly PartCheck[]): SpliceBand | undefined {
  return worstSpliceBand(checks.map((check) => check.band));
}

export interface SpliceCheck {
  /** Splice length over nominal diameter (d); undefined until both positions are entered. */
  ratio?: number;
  short: boolean;
  close: boolean;
}

/** Per splice: its length in d and the flags (short, too close to the previous splice); never blocking. */
export function checkSplices(splices: readonly SpliceValues[], nominalDiameter: number | undefined): SpliceCheck[] {
  const located = splices.map((splice) => ({
    positionStart: toNumber(splice.positionStart),
    positionEnd: toNumber(splice.positionEnd),
  }));
  if (!nominalDiameter) return splices.map(() => ({ short: false, close: false }));
  const complete = located
    .map((splice, index) => ({ splice, index }))
    .filter(
      (entry): entry is { splice: { positionStart: number; positionEnd: number }; index: number } =>
        Number.isFinite(entry.splice.positionStart) && Number.isFinite(entry.splice.positionEnd),
    );
  const flags = spliceFlags(
    complete.map((entry) => ({ ...entry.splice, parts: [] })),
    nominalDiameter,
  );
  return splices.map((_, index) => {
    const at = complete.findIndex((entry) => entry.index === index);
    if (at < 0) return { short: false, close: false };
    return {
      ratio: spliceLengthRatio(complete[at]!.splice, nominalDiameter),
      short: flags.short.includes(at),
      close: flags.close.includes(at),
    };
  });
}

/** Cell backgrounds of the deviation bands, readable in light and dark schemes. */
export const BAND_COLOURS: Record<SpliceBand, string> = {
  green: 'var(--mantine-color-green-light)',
  yellow: 'var(--mantine-color-yellow-light)',
  red: 'var(--mantine-color-red-light)',
};
