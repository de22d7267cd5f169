import { Alert, Box, Button, Center, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { RopeView } from '@rope/domain/hierarchy/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UnknownDamageNotice, useRopeSettingsHere } from '../../../components/damage-unknown';
import { QueryLoading } from '../../../components/query-loading';
import { DataAge, PendingDamageNote, usePendingDamage } from '../../field';
import { damageChartQuery, useDamageChart } from '../api';
import { damageChartData, damageZoomRange } from '../damage-chart-data';
import { useRopeFilters } from '../rope-filters';
import { DamageChart } from './damage-chart';
import { DamageTimeSlider } from './damage-time-slider';
import { RuleSetInfo } from './rule-set-info';

export interface DamageDay {
  firstDay: string;
  days: number;
  value: number;
  onChange: (value: number) => void;
  /** The debounced day the chart is asked for; null for today. */
  dateFilter: string | null;
}

interface DamageChartPanelProps {
  rope: RopeView;
  height: number;
  day: DamageDay | null;
  onFullScreen?: () => void;
}

/** The damage chart with its controls: detection filter, rule set, zoom reset, full screen, time slider. */
export function DamageChartPanel({ rope, height, day, onFullScreen }: DamageChartPanelProps) {
  const { t } = useTranslation();
  const { filters, update } = useRopeFilters();
  const ropeId = rope.id;
  const date = day?.dateFilter ?? null;
  const server = useDamageChart(ropeId, filters.damageFilter, date);
  // Today's chart includes the events of this device not yet synced, as the server will compute them.
  const pending = usePendingDamage(
    rope,
    filters.damageFilter,
    damageChartQuery(rope.id, filters.damageFilter, null, null),
  );
  const withPending = date === null ? pending?.answer : undefined;
  const damage = withPending ? { ...server, data: withPending } : server;
  // A rope with more windows than the chart shows comes as peaks; zoomed in, its windows and damages come for the range.
  // The device's own answer holds every window: its zoom is the chart's range alone.
  const zoomRange = withPending ? null : damageZoomRange(damage.data, filters.zoom);
  const zoomed = useDamageChart(ropeId, filters.damageFilter, date, zoomRange);
  const shown = zoomed.data && zoomRange ? zoomed.data : damage.data;
  const data = useMemo(() => (shown ? damageChartData(shown) : null), [shown]);
  const settingsHref = useRopeSettingsHere();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t('charts.damage.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {damage.data ? <RuleSetInfo standard={damage.data.standard} ruleSet={damage.data.ruleSet} /> : null}
          <SegmentedControl
            size="xs"
            aria-label={t('charts.damage.filterLabel')}
            data={[
              { value: 'all', label: t('charts.damage.filterAll') },
              { value: 'manual', label: t('charts.damage.filterManual') },
              { value: 'mrt', label: t('charts.damage.filterMrt') },
            ]}
            value={filters.damageFilter ?? 'all'}
            onChange={(value) => update({ damageFilter: value === 'manual' || value === 'mrt' ? value : null })}
          />
          {filters.zoom ? (
            <Button size="compact-sm" variant="light" onClick={() => update({ zoom: null })}>
              {t('charts.resetZoom')}
            </Button>
          ) : null}
          {onFullScreen ? (
            <Button size="compact-sm" variant="default" onClick={onFullScreen}>
              {t('charts.damage.fullScreen')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataAge fetchedAt={server.dataUpdatedAt} testId="section-age" />
      {pending && date === null ? <PendingDamageNote pending={pending} /> : null}
      {damage.isError || zoomed.isError ? <Alert color="red">{t('charts.loadError')}</Alert> : null}
      {damage.data?.status === 'unknown' ? (
        <UnknownDamageNotice
          missing={damage.data.missingInputs}
          damageCount={damage.data.damageCount}
          settingsHref={settingsHref}
        />
      ) : data ? (
        <>
          <Text size="xs" c="dimmed">
            {t('charts.damage.zoomHint')} {t('charts.damage.discard')}
          </Text>
          <Box data-testid="damage-chart" data-points={data.xs.length}>
            <DamageChart data={data} zoom={filters.zoom} onZoom={(zoom) => update({ zoom })} height={height} />
          </Box>
        </>
      ) : damage.data ? (
        <Center mih={120}>
          <Text c="dimmed">{t('charts.damage.none')}</Text>
        </Center>
      ) : damage.isPending ? (
        <QueryLoading fetchStatus={damage.fetchStatus} label={t('charts.loading')} height={height} />
      ) : null}
      {day && day.days > 0 ? <DamageTimeSlider {...day} /> : null}
    </Stack>
  );
}
