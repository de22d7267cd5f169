import { Alert, Center, Group, SegmentedControl, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { FORECAST_MIN_POINTS } from '@rope/domain/ropes/forecast';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartRangeControl } from '../../../components/chart-range-control';
import { QueryLoading } from '../../../components/query-loading';
import { useFormat } from '../../../lib/format';
import { useLossOverTarget } from '../api';
import { forecastAvailable, LOSS_RANGES, type LossRange, lossChartData, rangeQuery } from '../loss-chart-data';
import type { LossAxis } from '../types';
import { LossChart } from './loss-chart';

/** Loss over target: the rope's damage after each inspection, with range buttons and the discard forecast. */
export function LossChartPanel({ ropeId, height }: { ropeId: number; height: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [axis, setAxis] = useState<LossAxis>('timestamp');
  const [range, setRange] = useState<LossRange>('All');
  const [withForecast, setWithForecast] = useState(false);
  const [now] = useState(() => new Date());
  const all = useLossOverTarget(ropeId, axis, {});
  const window = rangeQuery(range, axis, now, all.data?.bendingCyclesToTimestamp ?? []);
  const ranged = useLossOverTarget(ropeId, axis, window, range !== 'All');
  const answer = range === 'All' ? all : ranged;
  const canForecast = forecastAvailable(answer.data, axis);
  const data = useMemo(
    () => (answer.data ? lossChartData(answer.data, axis, withForecast && canForecast) : null),
    [answer.data, axis, withForecast, canForecast],
  );
  const forecast = data?.forecast;
  const formatX = (x: number) => (axis === 'timestamp' ? fmt.date(x * 1000) : fmt.integer(x));

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t('charts.loss.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={t('charts.loss.axisLabel')}
            data={[
              { value: 'timestamp', label: t('charts.loss.axisTime') },
              { value: 'bendingCycles', label: t('common.fields.bendingCycles') },
            ]}
            value={axis}
            onChange={(value) => setAxis(value as LossAxis)}
          />
          <ChartRangeControl ranges={LOSS_RANGES} value={range} onChange={setRange} />
          <Tooltip label={t('charts.loss.forecastNeeds', { min: FORECAST_MIN_POINTS })} disabled={canForecast}>
            <div>
              <Switch
                label={t('charts.loss.forecast')}
                checked={withForecast && canForecast}
                disabled={!canForecast}
                onChange={(event) => setWithForecast(event.currentTarget.checked)}
              />
            </div>
          </Tooltip>
        </Group>
      </Group>
      {answer.isError ? <Alert color="red">{t('charts.loadError')}</Alert> : null}
      {answer.isPending ? (
        <QueryLoading fetchStatus={answer.fetchStatus} label={t('charts.loading')} height={height} />
      ) : null}
      {answer.data?.status === 'unknown' ? (
        <Text size="sm" c="dimmed" data-testid="loss-unknown">
          {t('maps.gauge.unknownTitle')}
        </Text>
      ) : null}
      {data && data.xs.length > 0 && answer.data?.status !== 'unknown' ? (
        <LossChart data={data} axis={axis} height={height} />
      ) : null}
      {data && data.xs.length === 0 && answer.data?.status !== 'unknown' ? (
        <Center mih={120}>
          <Text c="dimmed">{t('events.table.empty')}</Text>
        </Center>
      ) : null}
      {forecast ? (
        <Text size="sm" data-testid="forecast-discard">
          {t(answer.data?.forecast?.model === 'serviceLife' ? 'charts.loss.serviceLifeAt' : 'charts.loss.discardAt', {
            at: formatX(forecast.discardAt),
            from: formatX(forecast.bandFrom),
            to: formatX(forecast.bandTo),
            min: FORECAST_MIN_POINTS,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
