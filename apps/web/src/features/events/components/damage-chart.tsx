import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartColour, drawHorizontalLine, drawWindows, LIMIT_COLOUR } from '../../../components/chart-style';
import { useDragZoom } from '../../../components/drag-zoom';
import { UplotChart, type UplotOptions, type uPlot } from '../../../components/uplot-chart';
import { useFormat } from '../../../lib/format';
import {
  type DamageChartData,
  DISCARD_UTILISATION,
  damageAlignedData,
  damageWindowAt,
  damageXRange,
  damageYRange,
  utilisationPercent,
} from '../damage-chart-data';
import { type RopeFilters, zoomFromSelection } from '../rope-filters';

interface DamageChartProps {
  data: DamageChartData;
  zoom: RopeFilters['zoom'];
  onZoom: (zoom: RopeFilters['zoom']) => void;
  height: number;
}

/**
 * One line per reference length along the rope, each in utilisation of its own limit, with the discard line at
 * 100 % dashed; dragging along x zooms and filters the table.
 */
export function DamageChart({ data, zoom, onZoom, height }: DamageChartProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [chart, setChart] = useState<uPlot | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const dragZoom = useDragZoom(zoomFromSelection, onZoom);
  const percent = data.metric === 'lossPct';
  const number = (value: number, digits = 2) => fmt.number(value, digits);
  const labels = data.lines.map((line) =>
    t(percent ? 'charts.damage.linePercent' : 'charts.damage.lineWires', {
      multiple: line.multiple,
      limit: number(line.limit),
      count: line.limit,
      length: number(line.length),
      utilisation: utilisationPercent(line.utilisation),
    }),
  );
  const labelKey = labels.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: labelKey stands for the labels; data is read through refs
  const options = useMemo<UplotOptions>(
    () => ({
      legend: { show: true },
      cursor: dragZoom.cursor,
      scales: {
        x: { time: false, range: () => damageXRange(dataRef.current, zoomRef.current) },
        y: { range: () => damageYRange(dataRef.current) },
      },
      axes: [
        { label: t('common.fields.position'), values: (_u, values) => values.map((value) => number(value)) },
        { label: t('charts.damage.yUtilisation'), values: (_u, values) => values.map((value) => number(value)) },
      ],
      series: [
        { label: t('common.fields.position'), value: (_u, value) => (value == null ? '' : number(value)) },
        ...labels.map((label, index) => ({
          label,
          stroke: chartColour(index),
          width: 2,
          // Windows are drawn as segments of their length (draw hook), not joined into a line.
          paths: () => null,
          points: { show: true, size: 6, fill: chartColour(index) },
          // The hovered window's utilisation, its sum in the rule's metric, broken wires and events, so the legend
          // tells what makes up the value.
          value: (_u: uPlot, value: number | null, _series: number, windowIndex: number | null) => {
            if (value == null) return '';
            if (windowIndex == null) return `${number(value, 0)} %`;
            const window = damageWindowAt(dataRef.current, index, windowIndex);
            if (!window) return `${number(value, 0)} %`;
            return t(percent ? 'charts.damage.windowPercent' : 'charts.damage.windowWires', {
              utilisation: number(value, 0),
              loss: number(window.lossPct),
              wires: window.count,
              events: window.events,
            });
          },
        })),
      ],
      hooks: {
        draw: [
          (u) => {
            const { xs, lines } = dataRef.current;
            // Long windows first, so the short ones stay visible on top.
            for (let index = lines.length - 1; index >= 0; index -= 1) {
              const line = lines[index]!;
              if (u.series[index + 1]?.show === false) continue;
              drawWindows(u, xs, line.values, line.length, chartColour(index));
            }
            drawHorizontalLine(u, DISCARD_UTILISATION, LIMIT_COLOUR);
          },
        ],
        setSelect: [dragZoom.setSelect],
      },
    }),
    [t, fmt, labelKey, percent, dragZoom],
  );

  const aligned = useMemo(() => damageAlignedData(data) as uPlot.AlignedData, [data]);
  // A zoom set from outside (address, reset button) moves the chart's x range.
  useEffect(() => {
    if (!chart) return;
    const [min, max] = damageXRange(data, zoom);
    chart.setScale('x', { min, max });
  }, [chart, data, zoom]);

  return (
    <UplotChart options={options} data={aligned} height={height} label={t('charts.damage.title')} onChart={setChart} />
  );
}
