import type { MrtCandidateView, MrtTraceAnswer } from '@rope/domain/mrt/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartColour } from '../../../components/chart-style';
import { useDragZoom } from '../../../components/drag-zoom';
import { UplotChart, type UplotOptions, type uPlot } from '../../../components/uplot-chart';
import { useFormat } from '../../../lib/format';
import type { TraceRange } from '../api';
import { CANDIDATE_COLOURS, traceAlignedData, visibleCandidates, zoomFromDrag } from '../trace-chart-data';

interface MrtTraceChartProps {
  trace: MrtTraceAnswer['trace'];
  candidates: readonly MrtCandidateView[];
  onZoom: (range: TraceRange) => void;
  height: number;
}

/**
 * The signal along the rope as a band between each bucket's minimum and maximum, so every pulse shows at any zoom;
 * candidates are marked in their status colour; dragging across zooms in, and the server answers finer buckets.
 */
export function MrtTraceChart({ trace, candidates, onZoom, height }: MrtTraceChartProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const markers = useRef(candidates);
  markers.current = visibleCandidates(candidates, trace);
  const [chart, setChart] = useState<uPlot | null>(null);
  // A decision changes a marker's colour without new data: draw again.
  useEffect(() => {
    if (candidates) chart?.redraw(false);
  }, [chart, candidates]);
  const dragZoom = useDragZoom(zoomFromDrag, onZoom);

  const options = useMemo<UplotOptions>(() => {
    const colour = chartColour(0);
    return {
      legend: { show: true },
      cursor: dragZoom.cursor,
      scales: { x: { time: false } },
      axes: [
        { label: t('common.fields.position'), values: (_u, values) => values.map((value) => fmt.number(value, 2)) },
        { label: t('events.mrt.signal'), values: (_u, values) => values.map((value) => fmt.number(value, 2)) },
      ],
      series: [
        { label: t('common.fields.position'), value: (_u, value) => (value == null ? '' : fmt.number(value, 3)) },
        { label: t('events.mrt.min'), stroke: colour, width: 1, value: (_u, v) => (v == null ? '' : fmt.number(v, 2)) },
        { label: t('events.mrt.max'), stroke: colour, width: 1, value: (_u, v) => (v == null ? '' : fmt.number(v, 2)) },
      ],
      bands: [{ series: [2, 1], fill: 'rgba(28, 126, 214, 0.25)' }],
      hooks: {
        // Drawn under the series, so the pulse itself stays visible on its marker.
        drawAxes: [
          (u: uPlot) => {
            const { ctx, bbox } = u;
            ctx.save();
            ctx.lineWidth = 2 * devicePixelRatio;
            for (const candidate of markers.current) {
              const x = Math.round(u.valToPos(candidate.position, 'x', true));
              ctx.strokeStyle = CANDIDATE_COLOURS[candidate.status];
              ctx.setLineDash(candidate.status === 'dismissed' ? [4 * devicePixelRatio, 4 * devicePixelRatio] : []);
              ctx.beginPath();
              ctx.moveTo(x, bbox.top);
              ctx.lineTo(x, bbox.top + bbox.height);
              ctx.stroke();
            }
            ctx.restore();
          },
        ],
        setSelect: [dragZoom.setSelect],
      },
    };
  }, [t, fmt, dragZoom]);

  const data = useMemo(() => traceAlignedData(trace) as uPlot.AlignedData, [trace]);
  return (
    <UplotChart options={options} data={data} height={height} label={t('events.mrt.chartLabel')} onChart={setChart} />
  );
}
