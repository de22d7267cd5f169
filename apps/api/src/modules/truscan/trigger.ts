import { truscanRequests } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/index.ts';
import { requestTruscanMeasurementJob } from './request-measurement-job.ts';
import { loadTruscanRequests, publishTruscanState } from './state.ts';

/**
 * Start measurement: the request is recorded and its job queued in one transaction; the job tells the device
 * (MQTT) or offers the request for the device to fetch. Those who record on the rope may ask, not on an archived one.
 */
export async function requestTruscanMeasurement({ ctx, actor, input }: ActionArgs<{ ropeId: number; reason: string }>) {
  assertCan(actor, 'DOMAIN_WRITE');
  const { rope, installation, area } = await findRope(ctx, actor, input.ropeId);
  assertWritable([rope, installation, area]);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(truscanRequests)
      .values({ ropeId: rope.id, reason: input.reason, requestedByUserId: actor.userId ?? null })
      .returning({ id: truscanRequests.id });
    await ctx.queue.enqueue(
      jobRequest(requestTruscanMeasurementJob, { requestId: row!.id }, `truscan-request:${row!.id}`),
      tx,
    );
    return row!.id;
  });
  await publishTruscanState(ctx, rope.id);
  const [request] = await loadTruscanRequests(ctx.db, eq(truscanRequests.id, id), 1);
  return { request: request! };
}
