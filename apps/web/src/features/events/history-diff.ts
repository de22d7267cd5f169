import type { EventHistoryEntry } from '@rope/domain/events/views';

/** The fields the history shows by name; anything else of the attributes is compared too, under its key. */
export const HISTORY_FIELDS = [
  'position',
  'timestamp',
  'recordingType',
  'type',
  'actionStatus',
  'damageCount',
  'crossSectionLossAmount',
  'crossSectionLossUnit',
  'positionEnd',
  'lengthChange',
  'mutationRelevance',
  'operationHours',
  'bendingCycles',
  'detection',
  'description',
  'reportedBy',
  'splices',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export interface HistoryChange {
  field: HistoryField;
  before: unknown;
  after: unknown;
}

export interface HistoryRow {
  entry: EventHistoryEntry;
  changes: HistoryChange[];
}

function fieldsOf(entry: EventHistoryEntry): Record<HistoryField, unknown> {
  const a = entry.attributes as Record<string, unknown>;
  const values = {} as Record<HistoryField, unknown>;
  for (const field of HISTORY_FIELDS) values[field] = field === 'position' ? entry.position : a[field];
  values.reportedBy = entry.attributes.reportedBy?.name;
  return values;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Each history row with what it changed against the row before it; the first (the creation) changes nothing. */
export function historyRows(entries: readonly EventHistoryEntry[]): HistoryRow[] {
  return entries.map((entry, index) => {
    const previous = entries[index - 1];
    if (!previous) return { entry, changes: [] };
    const before = fieldsOf(previous);
    const after = fieldsOf(entry);
    const changes = HISTORY_FIELDS.filter((field) => !same(before[field], after[field])).map((field) => ({
      field,
      before: before[field],
      after: after[field],
    }));
    return { entry, changes };
  });
}
