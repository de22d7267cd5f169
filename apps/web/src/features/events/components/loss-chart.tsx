import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FORECAST_COLOUR, LIMIT_COLOUR } from '../../../components/chart-style';
import { TIME_TICK_SPACE, timeTickLabels } from '../../../components/time-axis';
import { UplotChart, type UplotOptions, type uPlot } from '../../../components/uplot-chart';
import { useFormat } from '../../../lib/format';
import type { LossChartData } from '../loss-chart-data';
import type { LossAxis } from '../types';

interface LossChartProps {
  data: LossChartData;
  axis: LossAxis;
  height: number;
}

/** Damage (% of the discard limit) per inspection over time or bending cycles, the limit, and the forecast. */
export function LossChart({ data, axis, height }: LossChartProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const fmt = useFormat();
  const dataRef = useRef(data);
  dataRef.current = data;
  const withForecast = Boolean(data.forecast);
  const number = (value: number, digits = 1) => fmt.number(value, digits);
  const percent = (_u: uPlot, value: number | null) =>
    value == null ? '' : t('common.percent', { value: number(value) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: data is read through its ref; the series depend on the forecast only
  const options = useMemo<UplotOptions>(() => {
    const dashed = (label: string, dash: number[], width = 1.5) => ({
      label,
      stroke: FORECAST_COLOUR,
      dash,
      width,
      spanGaps: true,
      points: { show: false },
      value: percent,
    });
    return {
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: axis === 'timestamp' },
        y: { range: () => [0, dataRef.current.yMax] },
      },
      axes: [
        axis === 'timestamp'
          ? {
              label: t('charts.loss.date'),
              values: (_u, ticks, _axis, _space, increment) => timeTickLabels(locale, ticks, increment),
              space: TIME_TICK_SPACE,
            }
          : {
              label: t('common.fields.bendingCycles'),
              values: (_u, values) => values.map((value) => number(value, 0)),
              size: 60,
            },
        { label: t('charts.loss.yAxis'), values: (_u, values) => values.map((value) => number(value)) },
      ],
      series: [
        axis === 'timestamp'
          ? {
              label: t('charts.loss.date'),
              value: (_u, value) => (value == null ? '' : fmt.date(value * 1000)),
            }
          : { label: t('common.fields.bendingCycles'), value: (_u, value) => (value == null ? '' : number(value, 0)) },
        {
          label: t('common.fields.damage'),
          stroke: '#1c7ed6',
          width: 2,
          spanGaps: true,
          points: { show: true, size: 7 },
          value: percent,
        },
        {
          label: t('charts.loss.limit'),
          stroke: LIMIT_COLOUR,
          dash: [8, 5],
          width: 1.5,
          points: { show: false },
          value: percent,
        },
        ...(withForecast
          ? [
              dashed(t('charts.loss.forecast'), [6, 4], 2),
              dashed(t('charts.loss.bandEarly'), [2, 4]),
              dashed(t('charts.loss.bandLate'), [2, 4]),
              {
                label: t('charts.loss.discard'),
                stroke: LIMIT_COLOUR,
                width: 0,
                points: { show: true, size: 12, fill: LIMIT_COLOUR },
                value: percent,
              },
            ]
          : []),
      ],
    };
  }, [t, fmt, locale, axis, withForecast]);

  const aligned = useMemo(() => {
    const base = [data.xs, data.damage, data.limit];
    const forecast = data.forecast;
    return (
      forecast ? [...base, forecast.line, forecast.early, forecast.late, forecast.discard] : base
    ) as uPlot.AlignedData;
  }, [data]);

  return <UplotChart options={options} data={aligned} height={height} label={t('charts.loss.title')} />;
}
