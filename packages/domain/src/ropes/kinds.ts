import type { RopeAttributes } from './schemas.ts';

// The rope attributes' choices, without zod: the rope page reads them before any settings form loads.

export const ROPE_TYPES = ['strandedRope', 'fullLockedCoilRope', 'spiralStrandRope', 'other'] as const;
export const ROPE_APPLICATIONS = [
  'haulRope',
  'carryingHaulingRope',
  'towRope',
  'trackRope',
  'tensionRope',
  'structuralRope',
  'other',
] as const;
export const ROPE_LAYS = ['ordinary', 'lang'] as const;
export const ROPE_LAY_DIRECTIONS = ['right', 'left'] as const;
export const ROPE_CORES = ['fibreCore', 'steelCore', 'plasticCore'] as const;
export const ROPE_SURFACES = ['bright', 'galvanized', 'zincAluminium', 'stainless'] as const;
export const ROPE_STANDARDS = ['EN12927', 'ISO4309'] as const;
export type RopeStandard = (typeof ROPE_STANDARDS)[number];

export const DEFAULT_EXPECTED_SERVICE_LIFE = 1_000_000;

export const TRUSCAN_STATUSES = ['idle', 'waiting', 'measuring', 'uploading', 'error'] as const;

/** Mutations (length changes, resplices) exist for stranded ropes and for track ropes only. */
export function allowsMutations(rope: RopeAttributes): boolean {
  return rope.ropeType === 'strandedRope' || rope.ropeApplication === 'trackRope';
}
