import type { Db } from '@rope/db/client';
import { mrtCandidateDecisions } from '@rope/db/schema/index';
import type { MrtCandidateStatus, MrtCandidatesAnswer, MrtCandidateView } from '@rope/domain/mrt/schemas';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findMeasurement } from './internal.ts';
import { datumPositionOf } from './measurement-view.ts';

type Found = Awaited<ReturnType<typeof findMeasurement>>;
type Decision = typeof mrtCandidateDecisions.$inferSelect;

/** A confirmed candidate whose damage event is gone is open again. */
export function statusOf(decision: Decision | undefined): MrtCandidateStatus {
  if (!decision) return 'open';
  if (decision.status === 'dismissed') return 'dismissed';
  return decision.damageEventId === null ? 'open' : 'confirmed';
}

export function toCandidateView(
  found: Found,
  peak: { index: number; amplitude: number },
  decision: Decision | undefined,
): MrtCandidateView {
  const status = statusOf(decision);
  return {
    index: peak.index,
    position: datumPositionOf(found.measurement, peak.index, found.positionOffset),
    amplitude: peak.amplitude,
    status,
    damageEvent: status === 'confirmed' ? { id: decision!.damageEventId! } : null,
  };
}

export async function decisionsOf(db: Db, measurementId: number): Promise<Map<number, Decision>> {
  const rows = await db
    .select()
    .from(mrtCandidateDecisions)
    .where(eq(mrtCandidateDecisions.measurementId, measurementId));
  return new Map(rows.map((row) => [row.sampleIndex, row]));
}

/** The trace's peaks at or above the threshold (the file's default unless asked), with what was decided of each. */
export async function listMrtCandidates({
  ctx,
  actor,
  input,
}: ActionArgs<{ eventId: number; threshold?: number }>): Promise<MrtCandidatesAnswer> {
  assertCan(actor, 'DOMAIN_READ');
  const found = await findMeasurement(ctx, actor, input.eventId);
  const { analysis } = found.measurement;
  const threshold = input.threshold ?? analysis.defaultThreshold;
  const decisions = await decisionsOf(ctx.db, found.measurement.id);
  return {
    threshold,
    defaultThreshold: analysis.defaultThreshold,
    peakFloor: analysis.peakFloor,
    noiseSigma: analysis.noiseSigma,
    candidates: analysis.peaks
      .filter((peak) => peak.amplitude >= threshold)
      .map((peak) => toCandidateView(found, peak, decisions.get(peak.index))),
  };
}
