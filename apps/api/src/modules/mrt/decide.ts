import type { Db } from '@rope/db/client';
import { mrtCandidateDecisions, truscanMeasurements } from '@rope/db/schema/index';
import { ropeEventBodySchema } from '@rope/domain/events/forms';
import { message } from '@rope/domain/messages';
import { samplePositionM } from '@rope/domain/mrt/mea/format';
import type { MrtConfirmBody } from '@rope/domain/mrt/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { createEvent } from '../events/index.ts';
import { statusOf, toCandidateView } from './candidates.ts';
import { findMeasurement } from './internal.ts';
import { toMillimetre } from './measurement-view.ts';

/** The measurement, the peak asked for and what was decided of it, with the measurement row locked. */
async function decidable(args: ActionArgs<{ eventId: number; index: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_WRITE');
  const found = await findMeasurement(ctx, actor, input.eventId);
  assertWritable([found.event, found.rope, found.installation, found.area]);
  const peak = found.measurement.analysis.peaks.find((candidate) => candidate.index === input.index);
  if (!peak) throw notFound(message('app.errors.noSuchMrtCandidate', { index: input.index }));
  return { found, peak };
}

async function lockedDecision(db: Db, measurementId: number, index: number) {
  // Decisions on one measurement take turns: a candidate is confirmed into one damage event, never two.
  await db.execute(sql`select id from ${truscanMeasurements} where id = ${measurementId} for update`);
  const [decision] = await db
    .select()
    .from(mrtCandidateDecisions)
    .where(and(eq(mrtCandidateDecisions.measurementId, measurementId), eq(mrtCandidateDecisions.sampleIndex, index)));
  if (statusOf(decision) === 'confirmed') throw new AppError('CONFLICT', message('app.errors.mrtCandidateConfirmed'));
  return decision;
}

/**
 * Confirms a candidate into a damage event found by MRT at its device position and the measurement's time,
 * recorded by the ordinary event create (the rope's damage and the notification rules follow) in the same
 * transaction as the decision.
 */
export async function confirmMrtCandidate(args: ActionArgs<{ eventId: number } & MrtConfirmBody>) {
  const { ctx, actor, input } = args;
  const { found, peak } = await decidable(args);
  const { measurement } = found;
  const body = ropeEventBodySchema.parse({
    rope: { id: found.rope.id },
    position: toMillimetre(samplePositionM(measurement, peak.index)),
    attributes: {
      timestamp: measurement.recordedAt.toISOString(),
      recordingType: 'damage',
      type: input.type,
      damageCount: input.damageCount,
      detection: 'mrt',
      ...(input.description ? { description: input.description } : {}),
    },
  });
  return ctx.db.transaction(async (tx) => {
    await lockedDecision(tx, measurement.id, peak.index);
    const created = await createEvent({ ...args, ctx: { ...ctx, db: tx }, input: body });
    const values = {
      measurementId: measurement.id,
      sampleIndex: peak.index,
      status: 'confirmed',
      damageEventId: created.ropeEvent.id,
      decidedByUserId: actor.userId,
      decidedAt: new Date(),
    };
    const [decision] = await tx
      .insert(mrtCandidateDecisions)
      .values(values)
      .onConflictDoUpdate({
        target: [mrtCandidateDecisions.measurementId, mrtCandidateDecisions.sampleIndex],
        set: values,
      })
      .returning();
    return { ...created, candidate: toCandidateView(found, peak, decision) };
  });
}

/** Sets a candidate aside; it can still be confirmed later. */
export async function dismissMrtCandidate(args: ActionArgs<{ eventId: number; index: number }>) {
  const { ctx, actor } = args;
  const { found, peak } = await decidable(args);
  return ctx.db.transaction(async (tx) => {
    await lockedDecision(tx, found.measurement.id, peak.index);
    const values = {
      measurementId: found.measurement.id,
      sampleIndex: peak.index,
      status: 'dismissed',
      damageEventId: null,
      decidedByUserId: actor.userId,
      decidedAt: new Date(),
    };
    const [decision] = await tx
      .insert(mrtCandidateDecisions)
      .values(values)
      .onConflictDoUpdate({
        target: [mrtCandidateDecisions.measurementId, mrtCandidateDecisions.sampleIndex],
        set: values,
      })
      .returning();
    return { candidate: toCandidateView(found, peak, decision) };
  });
}
