import { Alert, Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { sensorReporting } from '@rope/domain/sensors/silence';
import type { SensorView } from '@rope/domain/sensors/views';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartRangeControl } from '../../../components/chart-range-control';
import { QueryLoading } from '../../../components/query-loading';
import { useFormat } from '../../../lib/format';
import { useSensorAggregates } from '../api';
import {
  bucketDuration,
  bucketsForWidth,
  chartTitle,
  chartValues,
  DEFAULT_SENSOR_RANGE,
  rangeWindow,
  SENSOR_RANGES,
  type SensorRange,
  sensorChartData,
  type TimeWindow,
  wantsMedian,
} from '../sensor-chart-data';
import { SensorChart } from './sensor-chart';

interface SensorChartPanelProps {
  sensor: Pick<SensorView, 'id' | 'name' | 'attributes' | 'lastMeasurementAt'>;
  /** Where All starts for a sensor without a start date: the device's registration. */
  fallbackStart: string;
  height: number;
  /** The heading level of the chart's title, below its section's. */
  order?: 3 | 4;
}

/**
 * One sensor's chart with its range buttons: the window is asked for in about a bucket per pixel, and a drag zooms
 * in by asking again for the narrower window, at the finer resolution it allows.
 */
export function SensorChartPanel({ sensor, fallbackStart, height, order = 3 }: SensorChartPanelProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [range, setRange] = useState<SensorRange>(DEFAULT_SENSOR_RANGE);
  const [zoom, setZoom] = useState<TimeWindow | null>(null);
  const [now] = useState(() => new Date());
  const { ref, width } = useElementSize();
  const attributes = sensor.attributes;
  const values = useMemo(() => chartValues(sensor), [sensor]);
  const plotlines = useMemo(() => attributes.plotlines ?? [], [attributes.plotlines]);
  const window = useMemo(
    () => zoom ?? rangeWindow(range, now, attributes.startDate, fallbackStart),
    [zoom, range, now, attributes.startDate, fallbackStart],
  );
  const query = width > 0 ? { ...window, buckets: bucketsForWidth(width), median: wantsMedian(values) } : null;
  const answer = useSensorAggregates(sensor.id, query);
  const data = useMemo(() => (answer.data ? sensorChartData(answer.data, values) : null), [answer.data, values]);
  const title = chartTitle(sensor);
  const duration = answer.data ? bucketDuration(answer.data.bucketSeconds) : null;
  const chooseRange = (next: SensorRange) => {
    setZoom(null);
    setRange(next);
  };

  return (
    <Stack
      gap="xs"
      data-testid="sensor-chart"
      data-sensor={sensor.id}
      data-bucket-seconds={answer.isPlaceholderData ? undefined : answer.data?.bucketSeconds}
      data-source={answer.data?.source}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Title order={order} size="h4">
            {title}
          </Title>
          {sensorReporting(sensor.lastMeasurementAt, now.getTime()) === 'silent' ? (
            <Text size="sm" c="red.9" data-testid="sensor-silent">
              {t('sensors.chart.silentSince', { at: fmt.dateTime(sensor.lastMeasurementAt!) })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {zoom ? (
            <Button size="compact-sm" variant="light" onClick={() => setZoom(null)}>
              {t('charts.resetZoom')}
            </Button>
          ) : null}
          <ChartRangeControl ranges={SENSOR_RANGES} value={range} onChange={chooseRange} />
        </Group>
      </Group>
      <Box ref={ref} mih={height}>
        {answer.isError ? <Alert color="red">{t('charts.loadError')}</Alert> : null}
        {!data && !answer.isError ? (
          <QueryLoading fetchStatus={answer.fetchStatus} label={t('charts.loading')} height={height} />
        ) : null}
        {data && data.count > 0 && values.length > 0 ? (
          <SensorChart
            data={data}
            values={values}
            plotlines={plotlines}
            fixed={{ yMin: attributes.yMin, yMax: attributes.yMax }}
            window={window}
            height={height}
            label={title}
            onZoom={setZoom}
          />
        ) : null}
        {data && (data.count === 0 || values.length === 0) ? (
          <Center mih={height}>
            <Stack gap={4} align="center">
              <Text c="dimmed">
                {values.length === 0 ? t('sensors.chart.noValues') : t('sensors.chart.noReadings')}
              </Text>
              {values.length > 0 ? (
                <Text size="sm" c="dimmed">
                  {sensor.lastMeasurementAt
                    ? t('sensors.chart.lastReading', { at: fmt.dateTime(sensor.lastMeasurementAt) })
                    : t('sensors.chart.neverRead')}
                </Text>
              ) : null}
            </Stack>
          </Center>
        ) : null}
      </Box>
      {duration && data && data.count > 0 ? (
        <Text size="xs" c="dimmed">
          {t('sensors.chart.resolution', { duration: fmt.duration(duration.value, duration.unit) })}{' '}
          {sensor.lastMeasurementAt
            ? `${t('sensors.chart.lastReading', { at: fmt.dateTime(sensor.lastMeasurementAt) })}. `
            : null}
          {t('sensors.chart.zoomHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
