import { cyclesPerHour, estimateBendingCycles } from '@rope/domain/rope/bending-cycles';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findRope } from '../ropes/internal.ts';
import { loadRopeEvents } from './internal.ts';

/** The rope's bending cycles now: estimated from its operation, else the last measured, else what TRUscan reported. */
export async function getBendingCycles({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  await findRope(ctx, actor, input.ropeId);
  const { rope, installationAttributes, events } = await loadRopeEvents(ctx, input.ropeId);
  const estimate = estimateBendingCycles(rope.attributes, installationAttributes, new Date());
  const measured = events
    .filter((event) => event.attributes.bendingCycles !== undefined)
    .sort((a, b) => Date.parse(b.attributes.timestamp) - Date.parse(a.attributes.timestamp))[0];
  return {
    bendingCycles: estimate ?? measured?.attributes.bendingCycles ?? rope.truscanAttributes.bendingCycles ?? null,
    cyclesPerHour: cyclesPerHour(installationAttributes, rope.attributes) ?? null,
    lastMeasured: measured
      ? { bendingCycles: measured.attributes.bendingCycles!, timestamp: measured.attributes.timestamp }
      : null,
  };
}
