import type { DamageView } from '@rope/domain/hierarchy/views';
import { damageGauge, type GaugeColour } from '@rope/domain/ropes/gauge';

/** Real colours (not CSS variables): Leaflet writes them into SVG attributes. */
export const GAUGE_HEX: Record<GaugeColour | 'none' | 'unknown', string> = {
  green: '#2f9e44',
  orange: '#f08c00',
  red: '#e03131',
  none: '#868e96',
  /** A damage that cannot be computed: grey, never green. */
  unknown: '#868e96',
};

/** The damage as a ratio of the discard limit (1 = 100 %); null when nothing is recorded or it is unknown. */
export function damageRatio(damages: DamageView): number | null {
  return damages?.status === 'computed' ? damages.damage / 100 : null;
}

/** Marker and line colour of an item: by the damage gauge's colour (one rounding), grey without one or unknown. */
export function damageHex(damages: DamageView): string {
  if (!damages) return GAUGE_HEX.none;
  if (damages.status === 'unknown') return GAUGE_HEX.unknown;
  return GAUGE_HEX[damageGauge(damages.damage).colour];
}
