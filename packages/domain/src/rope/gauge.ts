export type GaugeColour = 'green' | 'orange' | 'red';

/** A damage ratio (1 = discard limit): green under 0.5, orange under 1, red from 1. */
export function damageGaugeColour(ratio: number): GaugeColour {
  if (ratio < 0.5) return 'green';
  if (ratio < 1) return 'orange';
  return 'red';
}

/** Rope health in percent: green above 50, orange above 0, red otherwise. */
export function healthGaugeColour(health: number): GaugeColour {
  if (health > 50) return 'green';
  if (health > 0) return 'orange';
  return 'red';
}

export const GAUGE_DISPLAY_MAX_RATIO = 1.2;

/** The gauge needle stops at 120 %; above it the value reads "> 120 %". */
export function gaugeValue(ratio: number): { needle: number; label: string } {
  if (ratio > GAUGE_DISPLAY_MAX_RATIO) return { needle: GAUGE_DISPLAY_MAX_RATIO, label: '> 120 %' };
  return { needle: Math.max(0, ratio), label: `${Math.round(ratio * 100)} %` };
}
