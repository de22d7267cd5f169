import { useMemo, useRef } from 'react';
import type { uPlot } from './uplot-chart';

/** Turns a span dragged along x (in the x scale's units) into a chart's zoom; null when it is too narrow to mean one. */
export type ZoomOfSpan<Zoom> = (from: number, to: number) => Zoom | null;

type Selection = Pick<uPlot, 'select' | 'posToVal' | 'setSelect'>;

/** A finished drag: the selection goes away (the zoom shows it instead) and its span becomes a zoom, if it means one. */
export function zoomOfSelection<Zoom>(u: Selection, zoomOfSpan: ZoomOfSpan<Zoom>): Zoom | null {
  // A click, or a drag of a pixel or two, is no zoom.
  if (u.select.width < 3) return null;
  const from = u.posToVal(u.select.left, 'x');
  const to = u.posToVal(u.select.left + u.select.width, 'x');
  u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
  return zoomOfSpan(from, to);
}

/**
 * Drag-to-zoom along x for a uPlot chart: the cursor setting and the setSelect hook for its options. The chart
 * asks for the zoom through onZoom; without onZoom it does not zoom. The result changes only when zooming is
 * switched on or off, so options built with it are not rebuilt on every render.
 */
export function useDragZoom<Zoom>(zoomOfSpan: ZoomOfSpan<Zoom>, onZoom: ((zoom: Zoom) => void) | undefined) {
  const zoomOfSpanRef = useRef(zoomOfSpan);
  zoomOfSpanRef.current = zoomOfSpan;
  const onZoomRef = useRef(onZoom);
  onZoomRef.current = onZoom;
  const zoomable = onZoom !== undefined;

  return useMemo(
    () => ({
      cursor: { drag: { x: zoomable, y: false, setScale: false } } satisfies uPlot.Cursor,
      setSelect: (u: uPlot) => {
        const zoom = zoomOfSelection(u, zoomOfSpanRef.current);
        if (zoom !== null) onZoomRef.current?.(zoom);
      },
    }),
    [zoomable],
  );
}
