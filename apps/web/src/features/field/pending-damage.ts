import type { DamageView } from '@rope/domain/hierarchy/views';
import {
  type ColumnEncoder,
  type DamageChartAnswer,
  damageChartAnswer,
  decodeDamageChart,
} from '@rope/domain/ropes/damage-chart-answer';
import type { DamageFilter } from '@rope/domain/ropes/effective-events';
import { damageWithPending } from '@rope/domain/ropes/pending-damage';
import { loopLengthFor } from '@rope/domain/ropes/rope-damage';
import type { RopeAttributes } from '@rope/domain/ropes/schemas';
import type { PendingEvent } from './pending-events';

/** Base64 of a typed array's bytes, in slices small enough for String.fromCharCode's arguments. */
const encodeColumn: ColumnEncoder = (values) => {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
};

/**
 * The server's chart answer with the device's events not yet synced added, computed by the domain package as the
 * server computes it, in the same form, so the chart draws it as it draws the server's. Null when the device cannot:
 * the answer holds peaks instead of every damage, or a pending event needs the rope's whole history.
 */
export function answerWithPending(
  answer: DamageChartAnswer,
  rope: RopeAttributes,
  pending: readonly PendingEvent[],
  options: { damageFilter?: DamageFilter; installationLoopLength?: number },
): DamageChartAnswer | null {
  if (answer.windows.form !== 'all') return null;
  const { damages } = decodeDamageChart(answer);
  const known = { ...damages, hasWireOnlyDamage: answer.missingInputs.includes('outerWireDiameter') };
  const result = damageWithPending(rope, known, pending, {
    damageFilter: options.damageFilter,
    loopLength: loopLengthFor(rope, options.installationLoopLength),
  });
  return result ? damageChartAnswer(result, encodeColumn) : null;
}

/** The gauges' figure of such an answer: unknown stays unknown, with what is missing. */
export function damageViewOf(answer: DamageChartAnswer): DamageView {
  if (answer.status === 'unknown' || answer.damage === null || answer.health === null) {
    return { status: 'unknown', damage: null, health: null, missingInputs: answer.missingInputs, unknownRopes: 1 };
  }
  return { status: 'computed', damage: answer.damage, health: answer.health };
}
