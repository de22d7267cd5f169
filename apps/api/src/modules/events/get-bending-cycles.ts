import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { loadRopeCycles, visibleRopeId } from '../ropes/index.ts';

/**
 * The rope's bending cycles now, in whole cycles: the newest known count (the last measured, e.g. a TRUscan file, or
 * the rope's own count at its date) carried forward at the installation's rate; else what TRUscan reported. The
 * same figure task lists, the due-task scan and recurrence use (`loadRopeCycles`).
 */
export async function getBendingCycles({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  await visibleRopeId(ctx, actor, input.ropeId);
  const cycles = (await loadRopeCycles(ctx.db, [input.ropeId], new Date())).get(input.ropeId);
  return {
    bendingCycles: cycles?.bendingCycles ?? null,
    cyclesPerHour: cycles?.cyclesPerHour ?? null,
    lastMeasured: cycles?.lastMeasured ?? null,
  };
}
