import { removedDamages } from '../ropes/effective-events.ts';
import { conditionFields, type DamageFigures } from './condition.ts';
import { DUTY_OF_CARE_HEADING, DUTY_OF_CARE_TEXT } from './duty-of-care.ts';
import { damageTable, type ReportEvent, type RowContext, repairTable } from './event-rows.ts';
import { filterFields, type ReportFilter } from './filter.ts';
import { reportTime, reportZone } from './format.ts';
import { installationFields, type ReportPlace, ropeFields } from './header.ts';
import { type ReportKind, reportCovers } from './kinds.ts';
import type { ReportLabels } from './labels.ts';
import type { ReportModel, ReportSection } from './model.ts';
import { spliceSections } from './splice-sections.ts';
import { unitSystemOf } from './units.ts';

export const REPORT_TITLES: Record<ReportKind, string> = {
  allDamages: 'Report of all damages',
  allRepairs: 'Report of all repairs',
  damage: 'Damage report',
  repair: 'Repair report',
  splice: 'Splice report',
};

const SELECTIONS: Record<ReportKind, string> = {
  allDamages: 'all events recorded as damages',
  allRepairs: 'all events whose type is a repair',
  damage: 'one damage',
  repair: 'one repair',
  splice: 'one splice inspection',
};

export interface ReportInput extends ReportPlace {
  kind: ReportKind;
  /** The events to choose from: the table's rows (all pages) for reports of all, the one event for single reports. */
  events: readonly ReportEvent[];
  /**
   * The rope's events in service (not archived), unfiltered: the history that tells which damages a later repair
   * piece or shortening removed, as the rope's damage reads it. Without it, the events themselves.
   */
  history?: readonly ReportEvent[];
  filter: ReportFilter;
  /** The rope page's damage answer (damage reports): damage, health, reference lengths, rule set. */
  damage?: DamageFigures;
  generatedAt: Date;
}

/** Events of the table in the order printed: along the rope for damages, by time for repairs. */
function ordered(kind: ReportKind, events: ReportEvent[]): ReportEvent[] {
  const time = (event: ReportEvent) => Date.parse(event.attributes.timestamp);
  if (kind === 'allDamages') {
    return events.sort((a, b) => (a.position ?? -Infinity) - (b.position ?? -Infinity) || time(a) - time(b));
  }
  return events.sort((a, b) => time(a) - time(b) || a.id - b.id);
}

/**
 * The report of a kind: which events it covers (the spec's selection rules), the header with the installation and
 * rope, the filter, the rope's condition for damage reports, the body, the German duty-of-care paragraph.
 */
export function buildReport(input: ReportInput, labels: ReportLabels): ReportModel {
  const { kind } = input;
  const units = unitSystemOf(input.installation.attributes);
  const timeZone = input.installation.attributes.timezone;
  const events = ordered(
    kind,
    input.events.filter((event) => reportCovers(kind, event)),
  );
  const single = kind === 'damage' || kind === 'repair' || kind === 'splice';
  if (single && events.length !== 1) throw new Error(`A ${kind} report covers exactly one ${kind} event`);
  const damageReport = kind === 'allDamages' || kind === 'damage';
  const removed = damageReport ? removals(input) : new Map<number, ReportEvent>();
  const context: RowContext = { rope: input.rope.attributes, units, timeZone, labels, removed };
  const filter = single
    ? [
        { label: 'Selection', value: SELECTIONS[kind] },
        { label: 'Event', value: `#${events[0]!.id} of ${reportTime(events[0]!.attributes.timestamp, timeZone)}` },
      ]
    : filterFields(SELECTIONS[kind], input.filter, units);
  return {
    kind,
    title: REPORT_TITLES[kind],
    units,
    installation: installationFields(input, labels),
    rope: ropeFields(input, labels),
    filter,
    condition: damageReport && input.damage ? conditionFields(input.damage, units, labels) : [],
    withChart: damageReport && input.damage?.status === 'computed',
    sections: body(kind, events, context, input.filter.archived && !single),
    eventIds: events.map((event) => event.id),
    dutyOfCare: { heading: DUTY_OF_CARE_HEADING, text: DUTY_OF_CARE_TEXT },
    signature: ['Place', 'Date', 'Signature'],
    generatedAt: `${reportTime(input.generatedAt, timeZone)} (${reportZone(timeZone)})`,
  };
}

/** The listed damages a later repair piece or shortening took off the rope, each with the event that did. */
function removals(input: ReportInput): Map<number, ReportEvent> {
  const history = new Map((input.history ?? input.events).map((event) => [event.id, event]));
  // Archived rows (an archived report) are replayed in the history too, so their removal shows as well.
  for (const event of input.events) if (!history.has(event.id)) history.set(event.id, event);
  return removedDamages([...history.values()], { positionOffset: input.rope.attributes.positionOffset ?? 0 });
}

function body(kind: ReportKind, events: ReportEvent[], context: RowContext, archived: boolean): ReportSection[] {
  const photosOf = events.length === 1 && kind !== 'allDamages' && kind !== 'allRepairs' ? events[0]!.id : undefined;
  switch (kind) {
    case 'allDamages':
    case 'damage': {
      const table = damageTable(events, context);
      // Archived events count in no damage figure: the sums then only add up what the archive holds.
      if (archived) table.totalsNote = `The rope's damage does not count archived events. ${table.totalsNote}`;
      return [{ heading: 'Damages', fields: [], table, warnings: [], photosOf }];
    }
    case 'allRepairs':
    case 'repair':
      return [{ heading: 'Repairs', fields: [], table: repairTable(events, context), warnings: [], photosOf }];
    case 'splice': {
      const sections = spliceSections(events[0]!, context);
      sections[sections.length - 1]!.photosOf = photosOf;
      return sections;
    }
  }
}
