import { Box, Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import classes from './uplot-chart.module.css';

export type { uPlot };
export type UplotOptions = Omit<uPlot.Options, 'width' | 'height'>;

let loading: Promise<typeof uPlot> | undefined;

/** uPlot and its stylesheet, fetched on the first chart only: they never weigh on the initial download. */
export function loadUplot(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return loading;
}

interface UplotChartProps {
  /** Recreates the chart when it changes identity: memoise it. */
  options: UplotOptions;
  data: uPlot.AlignedData;
  height: number;
  /** Accessible name of the chart. */
  label: string;
  /** The chart once it exists (and null when it goes), e.g. to set its scales from outside. */
  onChart?: (chart: uPlot | null) => void;
}

/** The one uPlot wrapper of the app: lazily loaded, as wide as its container, data updated in place. */
export function UplotChart({ options, data, height, label, onChart }: UplotChartProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const onChartRef = useRef(onChart);
  onChartRef.current = onChart;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void loadUplot().then((UPlot) => {
      const element = container.current;
      if (cancelled || !element) return;
      const created = new UPlot(
        { ...options, width: Math.max(element.clientWidth, 100), height },
        dataRef.current,
        element,
      );
      chart.current = created;
      observer = new ResizeObserver(() => {
        const width = Math.max(element.clientWidth, 100);
        if (width !== created.width) created.setSize({ width, height });
      });
      observer.observe(element);
      setReady(true);
      onChartRef.current?.(created);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
      onChartRef.current?.(null);
    };
  }, [options, height]);

  useEffect(() => {
    if (chart.current && chart.current.data !== data) chart.current.setData(data);
  }, [data]);

  return (
    <Box pos="relative" role="figure" aria-label={label} mih={height}>
      {ready ? null : (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" aria-label={t('charts.loading')} />
        </Center>
      )}
      <div ref={container} className={classes.chart} />
    </Box>
  );
}
