import { damageGaugeColour, type GaugeColour } from '@rope/domain/rope/gauge';
import type { DamageView } from '@rope/domain/views/hierarchy';

/** Real colours (not CSS variables): Leaflet writes them into SVG attributes. */
export const GAUGE_HEX: Record<GaugeColour | 'none', string> = {
  green: '#2f9e44',
  orange: '#f08c00',
  red: '#e03131',
  none: '#868e96',
};

/** The damage as a ratio of the discard limit (1 = 100 %); null when nothing is recorded. */
export function damageRatio(damages: DamageView): number | null {
  return damages ? damages.damage / 100 : null;
}

/** Marker and line colour of an item: by damage, grey without one. */
export function damageHex(damages: DamageView): string {
  const ratio = damageRatio(damages);
  return ratio === null ? GAUGE_HEX.none : GAUGE_HEX[damageGaugeColour(ratio)];
}
