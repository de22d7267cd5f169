/**
 * English names of the stored choices (event types, statuses, rope and installation options). The web hands in its
 * English texts, so a choice is named the same in the report as on the English screens.
 */
export interface ReportLabels {
  eventType: (type: string) => string;
  actionStatus: (status: string) => string;
  /** A rope or installation attribute's choice, e.g. option('ropeType', 'strandedRope'). */
  option: (attribute: string, value: string) => string;
  /** A rope attribute's name, e.g. ropeAttribute('metallicCrossSection'): the inputs a damage figure misses. */
  ropeAttribute: (attribute: string) => string;
}
