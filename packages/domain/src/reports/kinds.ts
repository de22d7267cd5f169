import type { RopeEventAttributes } from '../events/schemas.ts';

// Which events each report covers, without zod: the events table decides which report buttons an event gets.

export const REPORT_KINDS = ['allDamages', 'allRepairs', 'damage', 'repair', 'splice'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** The reports that cover one event, made from that event's row. */
export type SingleReportKind = Extract<ReportKind, 'damage' | 'repair' | 'splice'>;

export const REPORT_FILE_NAME = 'Report.pdf';

type Typed = { attributes: Pick<RopeEventAttributes, 'recordingType' | 'type'> };

const REPAIR_TYPES: readonly string[] = ['repair', 'repairPiece'];

/** The report of all damages lists every event recorded as a damage (repairs are recorded as damages too). */
export const inAllDamagesReport = (event: Typed) => event.attributes.recordingType === 'damage';

/** The report of all repairs lists the events whose type starts with "repair". */
export const inAllRepairsReport = (event: Typed) => event.attributes.type.startsWith('repair');

/** A damage report of one event: a damage that is not a repair or a repair piece. */
export const allowsDamageReport = (event: Typed) =>
  event.attributes.recordingType === 'damage' && !REPAIR_TYPES.includes(event.attributes.type);

/** A repair report of one event: a repair or a repair piece. */
export const allowsRepairReport = (event: Typed) => REPAIR_TYPES.includes(event.attributes.type);

/** The splice report: a measurement of type spliceInspection. */
export const allowsSpliceReport = (event: Typed) =>
  event.attributes.recordingType === 'measurement' && event.attributes.type === 'spliceInspection';

/** The single report an event offers, if any. */
export function singleReportKind(event: Typed): SingleReportKind | null {
  if (allowsDamageReport(event)) return 'damage';
  if (allowsRepairReport(event)) return 'repair';
  if (allowsSpliceReport(event)) return 'splice';
  return null;
}

/** Whether a report of this kind covers the event. */
export function reportCovers(kind: ReportKind, event: Typed): boolean {
  switch (kind) {
    case 'allDamages':
      return inAllDamagesReport(event);
    case 'allRepairs':
      return inAllRepairsReport(event);
    case 'damage':
      return allowsDamageReport(event);
    case 'repair':
      return allowsRepairReport(event);
    case 'splice':
      return allowsSpliceReport(event);
  }
}
