import { ropes, truscanRequests } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { publishTruscanState } from './state.ts';

/**
 * Tells a rope's TRUscan to measure: published over MQTT (QoS 1) when a broker is set, else offered for the device
 * to fetch. Runs at least once: a request already sent or delivered is left as it is, and the device takes a command
 * it receives twice once (it acknowledges by request id).
 */
export const requestTruscanMeasurementJob = defineJob({
  queue: 'devices',
  name: 'truscan-measurement',
  payload: z.object({ requestId: z.number().int().positive() }),
  async handle(ctx, { requestId }) {
    const [request] = await ctx.db
      .select({ request: truscanRequests, ropeId: ropes.id })
      .from(truscanRequests)
      .innerJoin(ropes, eq(ropes.id, truscanRequests.ropeId))
      .where(eq(truscanRequests.id, requestId));
    if (request?.request.status !== 'queued') return;
    await ctx.devices.sendTruscanCommand(request.ropeId, {
      requestId,
      command: 'startMeasurement',
      reason: request.request.reason,
      requestedAt: request.request.requestedAt.toISOString(),
    });
    await ctx.db
      .update(truscanRequests)
      .set({ status: 'sent', sentAt: new Date() })
      // A device that fetched and acknowledged it meanwhile keeps its `delivered`.
      .where(and(eq(truscanRequests.id, requestId), eq(truscanRequests.status, 'queued')));
    await publishTruscanState(ctx, request.ropeId);
  },
});
