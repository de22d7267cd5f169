import type { InstallationAttributes } from '../hierarchy/installations.ts';

/** The installation's base unit: metric lengths in m and speeds in m/s, imperial in yards (y) and y/s. */
export type UnitSystem = NonNullable<InstallationAttributes['baseUnit']>;

export const METRES_PER_YARD = 0.9144;

export const LENGTH_UNITS: Record<UnitSystem, string> = { metric: 'm', imperial: 'y' };
export const SPEED_UNITS: Record<UnitSystem, string> = { metric: 'm/s', imperial: 'y/s' };

/** Metric unless the installation says imperial. */
export function unitSystemOf(installation: Pick<InstallationAttributes, 'baseUnit'>): UnitSystem {
  return installation.baseUnit === 'imperial' ? 'imperial' : 'metric';
}

/** A length stored in metres, in the unit system's length unit. */
export function lengthIn(metres: number, system: UnitSystem): number {
  return system === 'imperial' ? metres / METRES_PER_YARD : metres;
}

/** A speed stored in m/s, in the unit system's speed unit. */
export function speedIn(metresPerSecond: number, system: UnitSystem): number {
  return lengthIn(metresPerSecond, system);
}
