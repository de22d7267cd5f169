import type { RopeEventAttributes } from '../events/schemas.ts';
import { lossModel } from '../ropes/cross-section.ts';
import { datumPosition } from '../ropes/effective-events.ts';
import type { RopeAttributes } from '../ropes/schemas.ts';
import { NOT_RECORDED, reportNumber, reportTime, UNKNOWN } from './format.ts';
import type { ReportLabels } from './labels.ts';
import { type EventLoss, eventLoss, sumLosses } from './loss.ts';
import type { ReportTable } from './model.ts';
import { LENGTH_UNITS, lengthIn, type UnitSystem } from './units.ts';

export interface ReportEvent {
  id: number;
  /** As recorded; null for the whole rope. */
  position: number | null;
  attributes: RopeEventAttributes;
}

export interface RowContext {
  rope: RopeAttributes;
  units: UnitSystem;
  timeZone?: string;
  labels: ReportLabels;
  /** Per damage a later repair piece or shortening took off the rope, the event that did (removedDamages). */
  removed: ReadonlyMap<number, ReportEvent>;
}

/** The datum position (as the rope page shows it) in the base unit, or "Global" for the whole rope. */
export function positionText(event: ReportEvent, context: RowContext): string {
  const datum = datumPosition(event, context.rope.positionOffset ?? 0);
  return datum === null ? 'Global' : reportNumber(lengthIn(datum, context.units), 2, true);
}

/** Where a repair piece or section lies: from its position to its end. */
function rangeText(event: ReportEvent, context: RowContext): string {
  const from = positionText(event, context);
  const end = event.attributes.positionEnd;
  return end === undefined ? from : `${from} – ${reportNumber(lengthIn(end, context.units), 2, true)}`;
}

/** "1 event", "3 repairs": the report is English, so English plurals. */
const countOf = (count: number, noun: string) => `${reportNumber(count, 0)} ${count === 1 ? noun : `${noun}s`}`;

/** The event's number in the cockpit, so an inspector can find it again. */
export const eventNumber = (event: ReportEvent) => `#${event.id}`;

/** A row of a table of events: its number, date, where it lies and type first, then the table's own cells. */
function eventRow(event: ReportEvent, context: RowContext, where: string, cells: string[]) {
  const a = event.attributes;
  return {
    eventId: event.id,
    cells: [
      eventNumber(event),
      reportTime(a.timestamp, context.timeZone),
      where,
      context.labels.eventType(a.type),
      ...cells,
    ],
  };
}

const lossText = (value: number | null | undefined, digits: number) =>
  value === undefined ? NOT_RECORDED : value === null ? UNKNOWN : reportNumber(value, digits, true);

/** "Removed by repair piece #12 of 2026-03-04 10:00": which later event took the damage off the rope, and when. */
function removalText(by: ReportEvent, context: RowContext): string {
  const label = context.labels.eventType(by.attributes.type);
  const named = label.charAt(0).toLowerCase() + label.slice(1);
  return `Removed by ${named} ${eventNumber(by)} of ${reportTime(by.attributes.timestamp, context.timeZone)}`;
}

/** What the sums of a damage table hold: the damages the rope's damage is computed from. */
function totalsNote(removed: number): string {
  const base = 'Totals include only damages on rope still in service';
  if (removed === 0) return `${base}; no damage listed was removed by a later repair piece or shortening.`;
  const rows = removed === 1 ? '1 struck-through row was' : `${removed} struck-through rows were`;
  return `${base}: ${rows} removed by a later repair piece or shortening and ${removed === 1 ? 'is' : 'are'} not counted.`;
}

/**
 * Each damage's time, position, type, wire breaks, loss in % and mm², status and description, with the sums. A damage
 * a later repair piece or shortening removed is marked and left out of the sums, as the rope's damage leaves it out.
 */
export function damageTable(events: readonly ReportEvent[], context: RowContext): ReportTable {
  const model = lossModel(context.rope);
  const losses: EventLoss[] = [];
  let wires = 0;
  let wiresRecorded = false;
  let removedRows = 0;
  const rows = events.map((event) => {
    const a = event.attributes;
    const loss = eventLoss(a, model);
    const removedBy = context.removed.get(event.id);
    if (removedBy) {
      removedRows += 1;
    } else {
      losses.push(loss);
      wires += a.damageCount ?? 0;
      wiresRecorded ||= a.damageCount !== undefined;
    }
    const description = [removedBy && removalText(removedBy, context), a.description].filter(Boolean).join('\n');
    const row = eventRow(event, context, positionText(event, context), [
      a.damageCount === undefined ? NOT_RECORDED : reportNumber(a.damageCount, 0),
      lossText(loss.pct, 2),
      lossText(loss.mm2, 2),
      context.labels.actionStatus(a.actionStatus),
      description,
    ]);
    return removedBy ? { ...row, removed: true } : row;
  });
  const sums = sumLosses(losses);
  const counted = events.length - removedRows;
  return {
    columns: [
      'No.',
      'Date',
      `Position [${LENGTH_UNITS[context.units]}]`,
      'Type',
      'Wire breaks',
      'Loss [%]',
      'Loss [mm²]',
      'Status',
      'Description',
    ],
    rows,
    totals: [
      'Total',
      '',
      countOf(counted, 'event'),
      '',
      wiresRecorded ? reportNumber(wires, 0) : NOT_RECORDED,
      lossText(sums.pct, 2),
      lossText(sums.mm2, 2),
      '',
      '',
    ],
    totalsNote: totalsNote(removedRows),
    empty: 'No damages found',
  };
}

/** What was repaired (type and description), where, by whom, when, and its status. */
export function repairTable(events: readonly ReportEvent[], context: RowContext): ReportTable {
  return {
    columns: ['No.', 'Date', `Where [${LENGTH_UNITS[context.units]}]`, 'Repair', 'What was repaired', 'By', 'Status'],
    rows: events.map((event) => {
      const a = event.attributes;
      return eventRow(event, context, rangeText(event, context), [
        a.description ?? '',
        a.reportedBy?.name || UNKNOWN,
        context.labels.actionStatus(a.actionStatus),
      ]);
    }),
    totals: ['Total', '', countOf(events.length, 'repair'), '', '', '', ''],
    empty: 'No repairs found',
  };
}
