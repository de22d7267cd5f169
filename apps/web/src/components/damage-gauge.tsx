import { Stack, Text } from '@mantine/core';
import { GAUGE_DISPLAY_MAX_RATIO, gaugeValue, healthGaugeColour } from '@rope/domain/rope/gauge';
import type { DamageView } from '@rope/domain/views/hierarchy';
import { useTranslation } from 'react-i18next';
import { damageHex, damageRatio, GAUGE_HEX } from './map/colours';

interface Zone {
  from: number;
  to: number;
  colour: string;
}

interface GaugeProps {
  /** Needle position, 0 (left) to 1 (right); null draws no needle. */
  fraction: number | null;
  colour: string;
  valueText: string;
  label: string;
  zones: readonly Zone[];
  width: number;
  caption?: string;
}

const CX = 50;
const CY = 50;
const R = 40;

function pointAt(fraction: number, radius: number): [number, number] {
  const angle = Math.PI * (1 - Math.min(1, Math.max(0, fraction)));
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

function arc(from: number, to: number, radius = R): string {
  const [x1, y1] = pointAt(from, radius);
  const [x2, y2] = pointAt(to, radius);
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${radius} ${radius} 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}

/** A small semicircle gauge: coloured zones, a needle and the value below. */
function Gauge({ fraction, colour, valueText, label, zones, width, caption }: GaugeProps) {
  const needle = fraction === null ? null : pointAt(fraction, R - 6);
  return (
    <Stack gap={0} align="center" w={width} role="img" aria-label={label}>
      <svg viewBox="0 0 100 56" width={width} height={(width * 56) / 100} aria-hidden="true" focusable="false">
        <path d={arc(0, 1)} stroke="#e9ecef" strokeWidth={10} fill="none" />
        {zones.map((zone) => (
          <path
            key={`${zone.from}-${zone.to}`}
            d={arc(zone.from, zone.to)}
            stroke={zone.colour}
            strokeOpacity={0.35}
            strokeWidth={10}
            fill="none"
          />
        ))}
        {fraction !== null && fraction > 0 ? (
          <path d={arc(0, fraction)} stroke={colour} strokeWidth={10} fill="none" />
        ) : null}
        {needle ? <line x1={CX} y1={CY} x2={needle[0]} y2={needle[1]} stroke="#343a40" strokeWidth={3} /> : null}
        <circle cx={CX} cy={CY} r={4} fill="#343a40" />
      </svg>
      <Text size={width > 100 ? 'md' : 'xs'} fw={700} c={fraction === null ? 'dimmed' : undefined} lh={1.2}>
        {valueText}
      </Text>
      {caption ? (
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      ) : null}
    </Stack>
  );
}

const DAMAGE_ZONES: Zone[] = [
  { from: 0, to: 0.5 / GAUGE_DISPLAY_MAX_RATIO, colour: GAUGE_HEX.green },
  { from: 0.5 / GAUGE_DISPLAY_MAX_RATIO, to: 1 / GAUGE_DISPLAY_MAX_RATIO, colour: GAUGE_HEX.orange },
  { from: 1 / GAUGE_DISPLAY_MAX_RATIO, to: 1, colour: GAUGE_HEX.red },
];

/** Damage in % of the discard limit; the needle stops at 120 %, '–' when nothing is recorded. */
export function DamageGauge({
  damages,
  width = 64,
  caption,
}: {
  damages: DamageView;
  width?: number;
  caption?: string;
}) {
  const { t } = useTranslation();
  const ratio = damageRatio(damages);
  if (ratio === null) {
    return (
      <Gauge
        fraction={null}
        colour={GAUGE_HEX.none}
        valueText={t('maps.gauge.none')}
        label={t('maps.gauge.noDamage')}
        zones={DAMAGE_ZONES}
        width={width}
        caption={caption}
      />
    );
  }
  const { needle, label } = gaugeValue(ratio);
  return (
    <Gauge
      fraction={needle / GAUGE_DISPLAY_MAX_RATIO}
      colour={damageHex(damages)}
      valueText={label}
      label={t('maps.gauge.damage', { value: label })}
      zones={DAMAGE_ZONES}
      width={width}
      caption={caption}
    />
  );
}

const HEALTH_ZONES: Zone[] = [
  { from: 0, to: 0.5, colour: GAUGE_HEX.orange },
  { from: 0.5, to: 1, colour: GAUGE_HEX.green },
];

/** Rope health in percent (100 = as new). */
export function HealthGauge({
  health,
  width = 120,
  caption,
}: {
  health: number | null;
  width?: number;
  caption?: string;
}) {
  const { t } = useTranslation();
  const value = health === null ? t('maps.gauge.none') : `${Math.round(health)} %`;
  return (
    <Gauge
      fraction={health === null ? null : health / 100}
      colour={health === null ? GAUGE_HEX.none : GAUGE_HEX[healthGaugeColour(health)]}
      valueText={value}
      label={health === null ? t('maps.gauge.noHealth') : t('maps.gauge.health', { value })}
      zones={HEALTH_ZONES}
      width={width}
      caption={caption}
    />
  );
}
