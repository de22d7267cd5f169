import type { MrtCandidateStatus, MrtCandidateView, MrtTraceAnswer } from '@rope/domain/mrt/schemas';
import type { TraceRange } from './api';

/** The trace as uPlot takes it: positions, then each bucket's minimum and maximum. */
export function traceAlignedData(trace: MrtTraceAnswer['trace']): [number[], number[], number[]] {
  return [trace.position, trace.min, trace.max];
}

/** Below this the chart zooms no further: a few samples either side of a pulse. */
export const MIN_ZOOM_M = 0.2;

/** The range a drag across the chart asks for, or none for a click (or a drag narrower than MIN_ZOOM_M). */
export function zoomFromDrag(from: number, to: number): TraceRange | null {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  if (!Number.isFinite(low) || !Number.isFinite(high) || high - low < MIN_ZOOM_M) return null;
  return { from: low, to: high };
}

/** A window of `halfWidth` m either side of a candidate, to look at its pulse. */
export function rangeAround(position: number, halfWidth = 1): TraceRange {
  return { from: position - halfWidth, to: position + halfWidth };
}

/** The colour of a candidate's marker on the chart: its status tone (status-tones.ts) as the canvas draws it. */
export const CANDIDATE_COLOURS: Record<MrtCandidateStatus, string> = {
  open: '#e8590c',
  confirmed: '#e03131',
  dismissed: '#868e96',
};

/** The candidates inside the shown range, for the chart's markers. */
export function visibleCandidates(
  candidates: readonly MrtCandidateView[],
  trace: Pick<MrtTraceAnswer['trace'], 'from' | 'to'>,
) {
  return candidates.filter((candidate) => candidate.position >= trace.from && candidate.position <= trace.to);
}
