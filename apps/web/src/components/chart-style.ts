/** Line colours of the charts, one per reference length, readable on light and dark backgrounds. */
export const CHART_COLOURS = ['#1c7ed6', '#f08c00', '#2f9e44', '#ae3ec9', '#0c8599', '#e8590c'] as const;
export const LIMIT_COLOUR = '#e03131';
export const FORECAST_COLOUR = '#7048e8';

export function chartColour(index: number): string {
  return CHART_COLOURS[index % CHART_COLOURS.length]!;
}

interface PlotChart {
  ctx: CanvasRenderingContext2D;
  bbox: { left: number; top: number; width: number; height: number };
  valToPos: (value: number, scale: string, canvasPixels?: boolean) => number;
}

/** A horizontal dashed line at y on the plot area, in the given colour (limit lines that are not data). */
export function drawHorizontalLine(chart: PlotChart, y: number, colour: string): void {
  const { ctx, bbox } = chart;
  const position = Math.round(chart.valToPos(y, 'y', true));
  if (position < bbox.top || position > bbox.top + bbox.height) return;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5 * devicePixelRatio;
  ctx.setLineDash([8 * devicePixelRatio, 5 * devicePixelRatio]);
  ctx.beginPath();
  ctx.moveTo(bbox.left, position);
  ctx.lineTo(bbox.left + bbox.width, position);
  ctx.stroke();
  ctx.restore();
}

/**
 * Each window as what it means: the sum over [start, start + length) drawn as a segment of that length at its
 * value, so a window never seems to slope into the next one.
 */
export function drawWindows(
  chart: PlotChart,
  xs: readonly number[],
  values: readonly (number | null)[],
  length: number,
  colour: string,
): void {
  const { ctx, bbox } = chart;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3 * devicePixelRatio;
  ctx.lineCap = 'butt';
  ctx.beginPath();
  for (let i = 0; i < xs.length; i += 1) {
    const value = values[i];
    if (value == null) continue;
    const y = chart.valToPos(value, 'y', true);
    const from = chart.valToPos(xs[i]!, 'x', true);
    // At least a few pixels, so a short window is visible when zoomed out.
    const to = Math.max(chart.valToPos(xs[i]! + length, 'x', true), from + 3 * devicePixelRatio);
    ctx.moveTo(from, y);
    ctx.lineTo(to, y);
  }
  ctx.stroke();
  ctx.restore();
}
