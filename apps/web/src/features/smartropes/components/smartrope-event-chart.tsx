import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartColour } from '../../../components/chart-style';
import { TIME_TICK_SPACE, timeTickLabels } from '../../../components/time-axis';
import { UplotChart, type UplotOptions, type uPlot } from '../../../components/uplot-chart';
import { useFormat } from '../../../lib/format';
import type { SmartropeEventChartData } from '../../sensors';

/** The measurements a smartrope delivered with an event, over the seconds around it. */
export function SmartropeEventChart({
  data,
  sensorName,
  height,
}: {
  data: SmartropeEventChartData;
  sensorName: string;
  height: number;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const options = useMemo<UplotOptions>(
    () => ({
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true } },
      axes: [
        {
          values: (_u, ticks, _axis, _space, increment) => timeTickLabels(locale, ticks, increment),
          size: 50,
          space: TIME_TICK_SPACE,
        },
        { values: (_u, ticks) => ticks.map((tick) => fmt.number(tick)), size: 60 },
      ],
      series: [
        { label: t('sensors.events.time'), value: (_u, x) => (x == null ? '' : fmt.time(x * 1000)) },
        {
          label: sensorName,
          stroke: chartColour(0),
          width: 1.5,
          points: { show: false },
          value: (_u, y) => (y == null ? '' : fmt.number(y)),
        },
      ],
    }),
    [t, fmt, locale, sensorName],
  );
  const aligned = useMemo(() => [data.xs, data.values] as uPlot.AlignedData, [data]);
  return (
    <UplotChart
      options={options}
      data={aligned}
      height={height}
      label={t('sensors.events.chartLabel', { sensor: sensorName })}
    />
  );
}
