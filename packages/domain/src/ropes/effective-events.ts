import type { RopeEventAttributes } from '../events/schemas.ts';
import { wrapPosition } from './damage-columns.ts';

export interface RopeEventInput {
  id: number;
  /** Metres along the rope; null for events of the whole rope. */
  position: number | null;
  attributes: RopeEventAttributes;
}

export type DamageFilter = 'manual' | 'mrt';

const REPAIR_TYPES = new Set(['repair', 'repairPiece']);

export function isDamage(event: RopeEventInput): boolean {
  return event.attributes.recordingType === 'damage' && !REPAIR_TYPES.has(event.attributes.type);
}

export function foundByMrt(event: RopeEventInput): boolean {
  return event.attributes.detection === 'mrt';
}

/**
 * Events whose positions are measured from the measuring device's zero, not from the rope's datum:
 * damages found by magnetic rope testing (imported from the device's file, TRUscan, or typed in from its report)
 * and MRT inspections. Everything else (visual findings, mutations, repair pieces, splices) is recorded against
 * the datum. The bulk rows mark the same damages with DAMAGE_FLAGS.foundByMrt.
 */
export function isDeviceReferenced(attributes: Pick<RopeEventAttributes, 'detection' | 'type'>): boolean {
  return attributes.detection === 'mrt' || attributes.type === 'mrtInspection';
}

/**
 * An event's position from the rope's datum: the device's zero lies positionOffset metres along the rope from the
 * datum, so a device position p is the datum position p + positionOffset.
 */
export function datumPosition(event: RopeEventInput, positionOffset: number): number | null {
  if (event.position === null || !positionOffset || !isDeviceReferenced(event.attributes)) return event.position;
  return event.position + positionOffset;
}

/** The event at its datum position: the same object when nothing moves. */
function atDatum(event: RopeEventInput, positionOffset: number): RopeEventInput {
  const position = datumPosition(event, positionOffset);
  return position === event.position ? event : { ...event, position };
}

const time = (event: RopeEventInput) => Date.parse(event.attributes.timestamp);

/** A repair piece or relevant mutation: it removes or shifts earlier damages, which needs the rope's whole history. */
export const changesHistory = (event: RopeEventInput) =>
  event.attributes.type === 'repairPiece' || (event.attributes.recordingType === 'mutation' && isRelevant(event));

/** The end of the given day (UTC): the time slider shows the chart as it stood on that day. */
export function endOfDay(date: string): number {
  const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return day + 24 * 3600_000;
}

/**
 * The located damages that count on a date, at datum positions, after the rope's history: relevant mutations shift
 * earlier damages lying beyond them (a shortening drops the damages of the piece cut out), and repair pieces remove
 * earlier damages inside their range. Other repairs only change the action status, so they do not appear here.
 * Device-referenced damages are moved to the datum first (positionOffset), since mutations and repair pieces are
 * recorded against the datum.
 */
export function effectiveDamages(
  events: readonly RopeEventInput[],
  options: { damageFilter?: DamageFilter; asOf?: number; positionOffset?: number } = {},
): RopeEventInput[] {
  const damages = replayHistory(events, options.asOf ?? Number.POSITIVE_INFINITY, options.positionOffset ?? 0);
  if (!options.damageFilter) return damages;
  return damages.filter((damage) => (options.damageFilter === 'mrt' ? foundByMrt(damage) : !foundByMrt(damage)));
}

/**
 * Per damage that a later repair piece or relevant mutation (a shortening cuts its piece out) took off the rope, the
 * event that did: the history effectiveDamages replays, so what it leaves out is exactly what is listed here.
 */
export function removedDamages(
  events: readonly RopeEventInput[],
  options: { positionOffset?: number } = {},
): Map<number, RopeEventInput> {
  const removed = new Map<number, RopeEventInput>();
  replayHistory(events, Number.POSITIVE_INFINITY, options.positionOffset ?? 0, (damage, by) =>
    removed.set(damage.id, by),
  );
  return removed;
}

function replayHistory(
  events: readonly RopeEventInput[],
  asOf: number,
  offset: number,
  onRemoved?: (damage: RopeEventInput, by: RopeEventInput) => void,
): RopeEventInput[] {
  const bounded = Number.isFinite(asOf);
  let damages: RopeEventInput[] = [];
  // Without mutations and repair pieces the order of history does not matter: no sort, no date parsing.
  if (!events.some(changesHistory)) {
    for (const event of events) {
      if (isDamage(event) && event.position !== null && (!bounded || time(event) < asOf))
        damages.push(atDatum(event, offset));
    }
    return damages;
  }
  // Parse every timestamp once: a comparator that parses costs n log n parses.
  const history = events
    .map((event) => ({ event, at: time(event) }))
    .filter((entry) => entry.at < asOf)
    .sort((a, b) => a.at - b.at || a.event.id - b.event.id)
    .map((entry) => entry.event);
  const keep = (by: RopeEventInput) => (damage: RopeEventInput, stays: boolean) => {
    if (!stays) onRemoved?.(damage, by);
    return stays;
  };
  for (const event of history) {
    if (isDamage(event) && event.position !== null) damages.push(atDatum(event, offset));
    else damages = applyHistoryChange(damages, event, keep(event));
  }
  return damages;
}

/**
 * What a relevant mutation (shifts the damages beyond it, a shortening drops the piece cut out) or a repair piece
 * (removes the damages inside its range) does to the damages counted before it; any other event changes nothing.
 * `stays` hears each damage's fate.
 */
export function applyHistoryChange<D extends { position: number | null }>(
  damages: D[],
  event: RopeEventInput,
  stays: (damage: D, stays: boolean) => boolean = (_damage, kept) => kept,
): D[] {
  const { attributes } = event;
  if (attributes.recordingType === 'mutation' && isRelevant(event)) return shiftByMutation(damages, event, stays);
  if (attributes.type !== 'repairPiece' || event.position === null) return damages;
  const from = Math.min(event.position, attributes.positionEnd ?? event.position);
  const to = Math.max(event.position, attributes.positionEnd ?? event.position);
  return damages.filter((damage) => stays(damage, damage.position! < from || damage.position! > to));
}

function isRelevant(mutation: RopeEventInput): boolean {
  const relevance = mutation.attributes.mutationRelevance ?? 'relevant';
  return relevance === 'relevant' && mutation.position !== null && Boolean(mutation.attributes.lengthChange);
}

function shiftByMutation<D extends { position: number | null }>(
  damages: D[],
  mutation: RopeEventInput,
  stays: (damage: D, stays: boolean) => boolean,
): D[] {
  const at = mutation.position!;
  const change = mutation.attributes.lengthChange!;
  const cutEnd = change < 0 ? at - change : at;
  return damages
    .filter((damage) => stays(damage, !(change < 0 && damage.position! > at && damage.position! <= cutEnd)))
    .map((damage) => (damage.position! > at ? { ...damage, position: damage.position! + change } : damage));
}

/**
 * Where the damage chart draws each located event: at its datum position, shifted by the relevant mutations after
 * it, wrapped on an endless rope. Undefined when none applies, so callers can keep filtering stored positions.
 */
export function chartPositions(
  events: readonly RopeEventInput[],
  loopLength?: number,
  positionOffset = 0,
): Map<number, number> | undefined {
  const mutations = events.filter((event) => event.attributes.recordingType === 'mutation' && isRelevant(event));
  const located = events.filter((event) => event.position !== null);
  const datum = located.map((event) => datumPosition(event, positionOffset)!);
  if (
    mutations.length === 0 &&
    located.every(
      (event, index) => datum[index] === event.position && wrapPosition(datum[index], loopLength) === datum[index],
    )
  )
    return undefined;
  return new Map(
    located.map((event, index) => [
      event.id,
      wrapPosition(shiftPosition(datum[index]!, time(event), mutations), loopLength),
    ]),
  );
}

/** Applies the same mutation shifts to a position recorded at a given time: for splice positions and charts. */
export function shiftPosition(position: number, recordedAt: number, events: readonly RopeEventInput[]): number {
  let shifted = position;
  for (const mutation of events
    .filter((event) => event.attributes.recordingType === 'mutation' && isRelevant(event) && time(event) > recordedAt)
    .sort((a, b) => time(a) - time(b))) {
    if (shifted > mutation.position!) shifted += mutation.attributes.lengthChange!;
  }
  return shifted;
}
