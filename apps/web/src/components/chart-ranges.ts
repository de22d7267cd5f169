/** The range buttons of the time charts (loss over target, sensors): a window counted back from now, or all. */
export const CHART_RANGES = ['1D', '1W', '1M', '3M', '6M', '1Y', 'All'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The start of a range button's window, counted back from now in local calendar terms; undefined for All. */
export function rangeStart(range: ChartRange, now: Date): Date | undefined {
  const start = new Date(now);
  if (range === '1D') start.setDate(start.getDate() - 1);
  else if (range === '1W') start.setDate(start.getDate() - 7);
  else if (range === '1M') start.setMonth(start.getMonth() - 1);
  else if (range === '3M') start.setMonth(start.getMonth() - 3);
  else if (range === '6M') start.setMonth(start.getMonth() - 6);
  else if (range === '1Y') start.setFullYear(start.getFullYear() - 1);
  else return undefined;
  return start;
}
