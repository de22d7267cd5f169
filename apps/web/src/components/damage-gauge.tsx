import { Anchor, Stack, Text } from '@mantine/core';
import type { DamageView } from '@rope/domain/hierarchy/views';
import {
  DAMAGE_ORANGE_FROM_RATIO,
  DAMAGE_RED_FROM_RATIO,
  damageGauge,
  GAUGE_DISPLAY_MAX_RATIO,
  type GaugeReading,
  HEALTH_GREEN_ABOVE_PERCENT,
  healthGauge,
} from '@rope/domain/ropes/gauge';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnknownDamageReason } from './damage-unknown';
import { DeferredTooltip } from './deferred-tooltip';
import { GAUGE_HEX } from './map/colours';

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
/** The shortest value arc drawn, so a red health of 0 % still shows its colour. */
const MIN_ARC = 0.03;

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
        {fraction !== null ? (
          <path d={arc(0, Math.max(MIN_ARC, fraction))} stroke={colour} strokeWidth={10} fill="none" />
        ) : null}
        {needle ? <line x1={CX} y1={CY} x2={needle[0]} y2={needle[1]} stroke="#343a40" strokeWidth={3} /> : null}
        <circle cx={CX} cy={CY} r={4} fill="#343a40" />
      </svg>
      <Text size={width > 100 ? 'md' : 'xs'} fw={700} c={fraction === null ? 'dimmed' : undefined} lh={1.2} ta="center">
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

/** An unknown gauge: grey with the reason as a tooltip, a link to where the inputs are set when given. */
function Unknown({ reason, href, children }: { reason: string; href?: string; children: ReactNode }) {
  return (
    <DeferredTooltip label={reason} multiline w={260} withArrow>
      {href ? (
        <Anchor
          component={Link}
          to={href}
          underline="never"
          c="inherit"
          data-testid="damage-unknown"
          onClick={(event) => event.stopPropagation()}
        >
          {children}
        </Anchor>
      ) : (
        <span data-testid="damage-unknown">{children}</span>
      )}
    </DeferredTooltip>
  );
}

/** What tells the damage gauge from the health gauge: zones, reading and the texts read out. */
interface GaugeKind {
  zones: readonly Zone[];
  read: (damages: NonNullable<DamageView> & { status: 'computed' }) => GaugeReading;
  noneLabel: 'charts.damage.none' | 'maps.gauge.noHealth';
  unknownLabel: 'maps.gauge.unknownDamage' | 'maps.gauge.unknownHealth';
  valueLabel: 'maps.gauge.damage' | 'maps.gauge.health';
}

/** The domain's thresholds on the arc, which ends at GAUGE_DISPLAY_MAX_RATIO. */
const DAMAGE_ORANGE_AT = DAMAGE_ORANGE_FROM_RATIO / GAUGE_DISPLAY_MAX_RATIO;
const DAMAGE_RED_AT = DAMAGE_RED_FROM_RATIO / GAUGE_DISPLAY_MAX_RATIO;
/** Red is health 0 alone: drawn as the shortest arc, so it shows. */
const HEALTH_GREEN_AT = HEALTH_GREEN_ABOVE_PERCENT / 100;

const DAMAGE: GaugeKind = {
  zones: [
    { from: 0, to: DAMAGE_ORANGE_AT, colour: GAUGE_HEX.green },
    { from: DAMAGE_ORANGE_AT, to: DAMAGE_RED_AT, colour: GAUGE_HEX.orange },
    { from: DAMAGE_RED_AT, to: 1, colour: GAUGE_HEX.red },
  ],
  read: (damages) => damageGauge(damages.damage),
  noneLabel: 'charts.damage.none',
  unknownLabel: 'maps.gauge.unknownDamage',
  valueLabel: 'maps.gauge.damage',
};

const HEALTH: GaugeKind = {
  zones: [
    { from: 0, to: MIN_ARC, colour: GAUGE_HEX.red },
    { from: MIN_ARC, to: HEALTH_GREEN_AT, colour: GAUGE_HEX.orange },
    { from: HEALTH_GREEN_AT, to: 1, colour: GAUGE_HEX.green },
  ],
  read: (damages) => healthGauge(damages.health),
  noneLabel: 'maps.gauge.noHealth',
  unknownLabel: 'maps.gauge.unknownHealth',
  valueLabel: 'maps.gauge.health',
};

interface DamageGaugeProps {
  damages: DamageView;
  width?: number;
  caption?: string;
  /** Where an unknown damage's inputs are set: the rope settings, or the page listing the ropes below. */
  href?: string;
  /** The damage is the largest of the ropes below an installation or area: an unknown one says how many. */
  ofRopesBelow?: boolean;
}

type KindGaugeProps = Omit<DamageGaugeProps, 'width'> & { kind: GaugeKind; width: number };

/** One gauge body for both kinds: '–' when nothing is recorded, grey "unknown" with the reason, else the reading. */
function DamagesGauge({ kind, damages, width, caption, href, ofRopesBelow }: KindGaugeProps) {
  const { t } = useTranslation();
  const reason = useUnknownDamageReason(damages, ofRopesBelow);
  const size = { width, caption };
  if (!damages) {
    return (
      <Gauge
        fraction={null}
        colour={GAUGE_HEX.none}
        valueText={t('common.noValue')}
        label={t(kind.noneLabel)}
        zones={kind.zones}
        {...size}
      />
    );
  }
  if (damages.status === 'unknown') {
    return (
      <Unknown reason={reason} href={href}>
        <Gauge
          fraction={null}
          colour={GAUGE_HEX.unknown}
          valueText={t('maps.gauge.unknown')}
          label={t(kind.unknownLabel, { reason })}
          zones={[]}
          {...size}
        />
      </Unknown>
    );
  }
  const reading = kind.read(damages);
  return (
    <Gauge
      fraction={reading.fraction}
      colour={GAUGE_HEX[reading.colour]}
      valueText={reading.label}
      label={t(kind.valueLabel, { value: reading.label })}
      zones={kind.zones}
      {...size}
    />
  );
}

/**
 * Damage in % of the discard limit; the needle stops at 120 %. '–' when nothing is recorded; grey "unknown" with the
 * reason when the damage cannot be computed. Figure and colour come from the domain's one rounding.
 */
export function DamageGauge({ width = 64, ...props }: DamageGaugeProps) {
  return <DamagesGauge kind={DAMAGE} width={width} {...props} />;
}

/** Rope health in percent (100 = as new): green above 50, orange above 0, red at 0; grey when unknown. */
export function HealthGauge({ width = 120, ...props }: Omit<DamageGaugeProps, 'ofRopesBelow'>) {
  return <DamagesGauge kind={HEALTH} width={width} {...props} />;
}
