import { currentBendingCycles, cyclesPerHour } from '@rope/domain/rope/bending-cycles';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { visibleRopeId } from '../ropes/internal.ts';
import { loadRopeEvents } from './internal.ts';

/**
 * The rope's bending cycles now: the newest known count (the last measured, e.g. a TRUscan file, or the rope's own
 * count at its date) carried forward at the installation's rate; else what TRUscan reported.
 */
export async function getBendingCycles({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  await visibleRopeId(ctx, actor, input.ropeId);
  const { rope, installationAttributes, events } = await loadRopeEvents(ctx, input.ropeId);
  const measured = events
    .filter((event) => event.attributes.bendingCycles !== undefined)
    .sort((a, b) => Date.parse(b.attributes.timestamp) - Date.parse(a.attributes.timestamp))[0];
  const lastMeasured = measured
    ? { bendingCycles: measured.attributes.bendingCycles!, timestamp: measured.attributes.timestamp }
    : undefined;
  const current = currentBendingCycles(rope.attributes, installationAttributes, lastMeasured, new Date());
  return {
    bendingCycles: current ?? rope.truscanAttributes.bendingCycles ?? null,
    cyclesPerHour: cyclesPerHour(installationAttributes, rope.attributes) ?? null,
    lastMeasured: lastMeasured ?? null,
  };
}
