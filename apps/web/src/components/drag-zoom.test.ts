import { describe, expect, it } from 'vitest';
import { zoomOfSelection } from './drag-zoom';

/** A chart 100 px wide showing x from 0 to 1000: each pixel is 10 units. */
function chartWithSelection(left: number, width: number) {
  const chart = {
    select: { left, top: 0, width, height: 50 },
    posToVal: (position: number) => position * 10,
    setSelect(select: { left: number; top: number; width: number; height: number }) {
      chart.select = select;
    },
  };
  return chart;
}

const span = (from: number, to: number) => ({ from, to });

describe('drag to zoom', () => {
  it('turns the dragged pixels into the span of x values and clears the selection', () => {
    const chart = chartWithSelection(20, 30);
    expect(zoomOfSelection(chart as never, span)).toEqual({ from: 200, to: 500 });
    expect(chart.select.width).toBe(0);
  });

  it('takes a click or a drag under 3 pixels for no zoom and leaves the selection', () => {
    const chart = chartWithSelection(20, 2);
    expect(zoomOfSelection(chart as never, span)).toBeNull();
    expect(chart.select.width).toBe(2);
  });

  it('leaves to the chart whether a span means a zoom', () => {
    const tooNarrow = (from: number, to: number) => (to - from < 500 ? null : { from, to });
    expect(zoomOfSelection(chartWithSelection(20, 30) as never, tooNarrow)).toBeNull();
    expect(zoomOfSelection(chartWithSelection(0, 60) as never, tooNarrow)).toEqual({ from: 0, to: 600 });
  });
});
