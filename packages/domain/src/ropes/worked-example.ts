import type { RopeAttributes } from './schemas.ts';

/**
 * The worked example's haul rope: d = 40 mm, fill factor C = 0.384 (6x19 fibre core), outer wires 2.6 mm, so one
 * broken wire is 0.864 % of A. The worked example's eight wire breaks take it to 54 % damage, 46 % health.
 */
export const WORKED_EXAMPLE_ROPE = {
  ropeType: 'strandedRope',
  ropeApplication: 'haulRope',
  standard: 'EN12927',
  nominalDiameter: 40,
  fillFactor: 0.384,
  outerWireDiameter: 2.6,
} as const satisfies RopeAttributes;
