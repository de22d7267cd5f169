export type GaugeColour = 'green' | 'orange' | 'red';
/** A gauge whose damage cannot be computed: grey, never green. */
export type GaugeTone = GaugeColour | 'unknown';

/** A damage ratio (1 = the discard limit) turns orange at half the limit and red at the limit. */
export const DAMAGE_ORANGE_FROM_RATIO = 0.5;
export const DAMAGE_RED_FROM_RATIO = 1;
/** Rope health in percent is green above half, orange above nothing left, red at 0. */
export const HEALTH_GREEN_ABOVE_PERCENT = 50;
export const HEALTH_ORANGE_ABOVE_PERCENT = 0;

/** A damage ratio (1 = discard limit): green under 0.5, orange under 1, red from 1. */
export function damageGaugeColour(ratio: number): GaugeColour {
  if (ratio < DAMAGE_ORANGE_FROM_RATIO) return 'green';
  if (ratio < DAMAGE_RED_FROM_RATIO) return 'orange';
  return 'red';
}

/** Rope health in percent: green above 50, orange above 0, red otherwise. */
export function healthGaugeColour(health: number): GaugeColour {
  if (health > HEALTH_GREEN_ABOVE_PERCENT) return 'green';
  if (health > HEALTH_ORANGE_ABOVE_PERCENT) return 'orange';
  return 'red';
}

export const GAUGE_DISPLAY_MAX_RATIO = 1.2;
const DISPLAY_MAX_PERCENT = GAUGE_DISPLAY_MAX_RATIO * 100;

/** What a gauge shows: the rounded figure, its label, where the needle stands (0-1 of the arc) and its colour. */
export interface GaugeReading {
  /** Whole percent: the printed figure and the colour both come from it. */
  percent: number;
  label: string;
  /** 0 (left) to 1 (right) of the arc. */
  fraction: number;
  colour: GaugeColour;
}

/**
 * The damage gauge for a damage in percent of the discard limit (100 = discard). One rounding to whole percent
 * gives the figure and the colour, so 49.95 % reads "50 %" in orange, never "50 %" in green. The needle stops at
 * 120 %; above it the value reads "> 120 %".
 */
export function damageGauge(damagePercent: number): GaugeReading {
  const percent = Math.max(0, Math.round(damagePercent));
  const colour = damageGaugeColour(percent / 100);
  if (percent > DISPLAY_MAX_PERCENT) return { percent, label: `> ${DISPLAY_MAX_PERCENT} %`, fraction: 1, colour };
  return { percent, label: `${percent} %`, fraction: percent / DISPLAY_MAX_PERCENT, colour };
}

/** The health gauge (100 = as new), with the same single rounding: 49.95 % reads "50 %" in orange, 0 % in red. */
export function healthGauge(healthPercent: number): GaugeReading {
  const percent = Math.min(100, Math.max(0, Math.round(healthPercent)));
  return { percent, label: `${percent} %`, fraction: percent / 100, colour: healthGaugeColour(percent) };
}

/**
 * Where a rope's stored health stands: green, orange or red by the health gauge's single rounding, or unknown when its
 * damage cannot be computed (never green). A change of band is a limit crossed (half the discard limit, the limit).
 */
export function healthTone(damages: { status: 'computed' | 'unknown'; health: number | null } | null): GaugeTone {
  if (damages?.status !== 'computed' || damages.health === null) return 'unknown';
  return healthGauge(damages.health).colour;
}
