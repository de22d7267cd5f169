import { z } from 'zod';
import { isoDateTime, NAME_MAX_LENGTH } from '../common.ts';
import {
  ROPE_APPLICATIONS,
  ROPE_CORES,
  ROPE_LAY_DIRECTIONS,
  ROPE_LAYS,
  ROPE_STANDARDS,
  ROPE_SURFACES,
  ROPE_TYPES,
  TRUSCAN_STATUSES,
} from './kinds.ts';
import { DAMAGE_INPUTS } from './missing-inputs.ts';

export {
  DEFAULT_EXPECTED_SERVICE_LIFE,
  ROPE_APPLICATIONS,
  ROPE_CORES,
  ROPE_LAY_DIRECTIONS,
  ROPE_LAYS,
  ROPE_STANDARDS,
  ROPE_SURFACES,
  ROPE_TYPES,
  type RopeStandard,
  TRUSCAN_STATUSES,
} from './kinds.ts';

const positive = z.number().finite().positive().max(999_999_999);
const nonNegative = z.number().finite().min(0).max(999_999_999);
const text = z.string().trim().max(NAME_MAX_LENGTH);
/** Up to the year 2100. */
const epochSeconds = z.number().int().min(0).max(4_102_444_800);

/** The rope attribute catalogue shared by settings, import, export and computations. */
export const ropeAttributesSchema = z
  .object({
    ropeType: z.enum(ROPE_TYPES),
    ropeApplication: z.enum(ROPE_APPLICATIONS),
    ropeDesign: text,
    construction: text,
    ropeCore: z.enum(ROPE_CORES),
    ropeSurface: z.enum(ROPE_SURFACES),
    nominalDiameter: z.number().finite().positive().max(500),
    metallicCrossSection: positive,
    fillFactor: z.number().finite().positive().max(1),
    outerWireDiameter: z.number().finite().positive().max(50),
    loadBearingOuterWires: z.number().int().positive().max(10_000),
    ropeLay: z.enum(ROPE_LAYS),
    ropeLayDirection: z.enum(ROPE_LAY_DIRECTIONS),
    standard: z.enum(ROPE_STANDARDS),
    minimumBreakingForce: nonNegative,
    tensileStrengthGrade: nonNegative,
    installationYear: z.number().int().min(1800).max(2200),
    ropeManufacturer: text,
    ropeLength: nonNegative,
    loopLength: nonNegative,
    positionOffset: z.number().finite().min(-1_000_000).max(1_000_000),
    deviceSerialNumber: text,
    bendingCyclesUntilNow: nonNegative,
    bendingCyclesUntilNowAt: isoDateTime,
    expectedServiceLife: positive,
    comment: z.string().max(65_536),
  })
  .partial();
export type RopeAttributes = z.infer<typeof ropeAttributesSchema>;

export const truscanAttributesSchema = z
  .object({
    status: z.enum(TRUSCAN_STATUSES),
    ropeSpeed: nonNegative,
    bendingCycles: nonNegative,
    measurementWaiting: nonNegative,
    /** Epoch seconds, as the device reports them. */
    lastMeasurement: epochSeconds,
    nextMeasurement: epochSeconds,
    uploadRunning: z.boolean(),
    uploadAmount: nonNegative,
    uploadTime: nonNegative,
  })
  .partial();
export type TruscanAttributes = z.infer<typeof truscanAttributesSchema>;

/**
 * Stored result of the damage computation, refreshed whenever the rope's events or settings change. `unknown` when
 * the rope lacks an input its rule set needs: no utilisation, damage or health (never 0 %), and the inputs to set.
 * Rows written before `status` existed read as computed.
 */
export const ropeDamagesSchema = z.object({
  standard: z.enum(ROPE_STANDARDS).nullable(),
  status: z.enum(['computed', 'unknown']).default('computed'),
  missingInputs: z.array(z.enum(DAMAGE_INPUTS)).default([]),
  /** Utilisation per reference length, keyed by the multiple k of the nominal diameter. */
  utilisation: z.record(z.string().max(8), z.number().finite().min(0)),
  /** 100 x the largest utilisation; null when unknown. */
  damage: z.number().finite().min(0).nullable(),
  health: z.number().finite().min(0).max(100).nullable(),
  computedAt: isoDateTime,
});
export type RopeDamages = z.infer<typeof ropeDamagesSchema>;
