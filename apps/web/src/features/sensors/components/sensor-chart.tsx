import type { SensorPlotline, Trendline } from '@rope/domain/sensors/schemas';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { chartColour } from '../../../components/chart-style';
import { useDragZoom } from '../../../components/drag-zoom';
import { TIME_TICK_SPACE, timeTickLabels } from '../../../components/time-axis';
import { UplotChart, type UplotOptions, type uPlot } from '../../../components/uplot-chart';
import classes from '../../../components/uplot-chart.module.css';
import { useFormat } from '../../../lib/format';
import {
  type ChartValue,
  type SensorChartData,
  sensorAlignedData,
  type TimeWindow,
  yRange,
  zoomWindow,
} from '../sensor-chart-data';

const TREND_DASH: Record<Trendline, number[]> = {
  min: [2, 4],
  max: [2, 4],
  avg: [8, 4],
  median: [12, 4, 2, 4],
};

/** Hex colour with an alpha channel: the band is the value's colour, see-through. */
const withAlpha = (colour: string, alpha: string) => `${colour}${alpha}`;

interface SensorChartProps {
  data: SensorChartData;
  values: readonly ChartValue[];
  plotlines: readonly SensorPlotline[];
  fixed: { yMin?: number; yMax?: number };
  /** The window shown on the x axis, whatever the buckets cover. */
  window: TimeWindow;
  height: number;
  label: string;
  /** Dragging along the chart asks for that window; without it the chart does not zoom. */
  onZoom?: (window: TimeWindow) => void;
}

/**
 * A sensor's readings over time: per value the band of each bucket's lowest and highest reading (so no spike is lost)
 * and its mean, the trendlines of the range dashed, and the plotlines in their colours.
 */
export function SensorChart({ data, values, plotlines, fixed, window, height, label, onZoom }: SensorChartProps) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const dataRef = useRef(data);
  dataRef.current = data;
  const windowRef = useRef(window);
  windowRef.current = window;
  const dragZoom = useDragZoom(zoomWindow, onZoom);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const trendKinds = data.trends.map((trend) => `${trend.value}:${trend.kind}`).join('|');
  const shape = JSON.stringify([values, plotlines, fixed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: shape and trendKinds stand for values, plotlines, fixed and the trends; data is read through refs
  const options = useMemo<UplotOptions>(() => {
    const withUnit = (value: number | null | undefined, unit: string) =>
      value == null ? '' : unit ? `${fmt.number(value)} ${unit}` : fmt.number(value);
    const series: uPlot.Series[] = [
      { label: t('sensors.chart.time'), value: (_u, x) => (x == null ? '' : fmt.dateTime(x * 1000)) },
    ];
    const bands: uPlot.Band[] = [];
    values.forEach((value, index) => {
      const colour = chartColour(index);
      const first = series.length;
      const edge = { stroke: withAlpha(colour, '80'), width: 1, points: { show: false }, class: classes.bandEdge };
      series.push({ ...edge, label: t('sensors.chart.max', { name: value.name }) });
      series.push({ ...edge, label: t('sensors.chart.min', { name: value.name }) });
      bands.push({ series: [first, first + 1], fill: withAlpha(colour, '33') });
      series.push({
        label: value.unit ? t('sensors.chart.valueWithUnit', { name: value.name, unit: value.unit }) : value.name,
        stroke: colour,
        width: 1.5,
        points: { show: false },
        // The mean with the bucket's span, so a hovered spike tells its height; the band's edges are the two
        // columns before the mean's.
        value: (u, mean, _series, row) => {
          if (mean == null || row == null) return '';
          return t('sensors.chart.bucketValue', {
            mean: withUnit(mean, value.unit),
            min: fmt.number(u.data[first + 1]?.[row] ?? mean),
            max: fmt.number(u.data[first]?.[row] ?? mean),
          });
        },
      });
    });
    for (const trend of dataRef.current.trends) {
      const value = values[trend.value]!;
      series.push({
        // One value needs no name in front of its trendlines; several tell theirs apart by it.
        label:
          values.length > 1
            ? t(`sensors.chart.trend.${trend.kind}`, { name: value.name })
            : t(`sensors.chart.rangeTrend.${trend.kind}`),
        stroke: chartColour(trend.value),
        dash: TREND_DASH[trend.kind],
        width: 1.5,
        points: { show: false },
        value: (_u, y) => withUnit(y, value.unit),
      });
    }
    const unit = values[0]?.unit ?? '';
    for (const line of plotlines) {
      series.push({
        label: line.name,
        stroke: line.color,
        width: 1.5,
        points: { show: false },
        value: (_u, y) => withUnit(y, unit),
      });
    }
    const units = [...new Set(values.map((value) => value.unit).filter(Boolean))];
    return {
      legend: { show: true },
      cursor: dragZoom.cursor,
      scales: {
        x: { time: true, range: () => [windowRef.current.from / 1000, windowRef.current.to / 1000] },
        y: { range: () => yRange(fixed, dataRef.current, plotlines) },
      },
      axes: [
        {
          values: (_u, ticks, _axis, _space, increment) => timeTickLabels(locale, ticks, increment),
          size: 50,
          space: TIME_TICK_SPACE,
        },
        {
          label: units.length > 0 ? units.join(', ') : undefined,
          values: (_u, ticks) => ticks.map((tick) => fmt.number(tick)),
          size: 60,
        },
      ],
      series,
      bands,
      hooks: {
        setSelect: [dragZoom.setSelect],
      },
    };
  }, [t, fmt, locale, shape, trendKinds, dragZoom]);

  const aligned = useMemo(
    () => sensorAlignedData(data, window, plotlines) as uPlot.AlignedData,
    [data, window, plotlines],
  );

  return <UplotChart options={options} data={aligned} height={height} label={label} />;
}
