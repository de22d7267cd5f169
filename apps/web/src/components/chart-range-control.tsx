import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartRange } from './chart-ranges';

interface ChartRangeControlProps<R extends ChartRange> {
  ranges: readonly R[];
  value: R;
  onChange: (range: R) => void;
}

/** The range buttons of a time chart, the same look and words on every chart. */
export function ChartRangeControl<R extends ChartRange>({ ranges, value, onChange }: ChartRangeControlProps<R>) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('charts.rangeLabel')}
      data={ranges.map((range) => ({ value: range, label: t(`charts.ranges.${range}`) }))}
      value={value}
      onChange={(next) => onChange(next as R)}
    />
  );
}
