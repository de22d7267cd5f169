import { ropeEvents, truscanMeasurements } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { refreshRopeDamage } from '../damage/index.ts';
import { removeTruscanFiles } from '../hierarchy/index.ts';
import { findEvent } from './internal.ts';
import { emitRopeEventWebhooks } from './webhooks.ts';

/** Removes the event for good (archiving is an update); the rope's damage follows, a TRUscan file goes with it. */
export async function deleteEvent({ ctx, actor, input }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { event, rope, installation, area } = await findEvent(ctx, actor, input.id);
  assertWritable([rope, installation, area]);
  const files = await ctx.db.transaction(async (tx) => {
    const measured = await tx
      .select({ fileKey: truscanMeasurements.fileKey, traceKey: truscanMeasurements.traceKey })
      .from(truscanMeasurements)
      .where(eq(truscanMeasurements.eventId, event.id));
    await tx.delete(ropeEvents).where(eq(ropeEvents.id, event.id));
    const { id, position, isDeleted, attributes } = event;
    await emitRopeEventWebhooks(tx, ctx, 'deleted', { rope, installation }, [{ id, position, isDeleted, attributes }]);
    await refreshRopeDamage(tx, ctx, rope.id, installation);
    return measured.flatMap((row) => [row.fileKey, row.traceKey]);
  });
  await removeTruscanFiles(ctx, files);
}
