import type { SensorPlotline } from './schemas.ts';

/**
 * Whether a reading lies outside a sensor's plotlines, and which line it crossed. One plotline is a limit from above
 * (a load cell's maximum); two or more bound a band, and a reading above the highest or below the lowest is outside.
 * A value on a line is inside. A sensor without plotlines is never outside.
 */
export function plotlineCrossed(value: number, plotlines: readonly SensorPlotline[]): SensorPlotline | null {
  if (plotlines.length === 0) return null;
  const sorted = [...plotlines].sort((a, b) => a.position - b.position);
  const highest = sorted.at(-1)!;
  if (value > highest.position) return highest;
  const lowest = sorted[0]!;
  if (sorted.length > 1 && value < lowest.position) return lowest;
  return null;
}

export interface PlotlineExcursion<R> {
  reading: R;
  plotline: SensorPlotline;
}

/**
 * The readings (in time order) at which a sensor went outside its plotlines, having been inside before: one per
 * excursion, however many readings it lasts. Answers them with whether the sensor is outside after the last reading.
 */
export function plotlineExcursions<R extends { value: number }>(
  readings: readonly R[],
  plotlines: readonly SensorPlotline[],
  outsideBefore: boolean,
): { excursions: PlotlineExcursion<R>[]; outsideAfter: boolean } {
  const excursions: PlotlineExcursion<R>[] = [];
  let outside = outsideBefore;
  for (const reading of readings) {
    const crossed = plotlineCrossed(reading.value, plotlines);
    if (crossed && !outside) excursions.push({ reading, plotline: crossed });
    outside = crossed !== null;
  }
  return { excursions, outsideAfter: outside };
}
