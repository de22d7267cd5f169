import type { SpliceBand } from '../ropes/splices.ts';
import type { ReportKind } from './kinds.ts';
import type { UnitSystem } from './units.ts';

/** One line of a report's header or summary: an English label and its printed value. */
export interface ReportField {
  label: string;
  value: string;
}

export interface ReportRow {
  /** The event the row lists, if it lists one. */
  eventId?: number;
  cells: string[];
  /** A splice part's colour band: the row is drawn in it. */
  tone?: SpliceBand;
  /** A damage a later repair piece or shortening took off the rope: drawn struck through, left out of the totals. */
  removed?: boolean;
}

export interface ReportTable {
  columns: string[];
  rows: ReportRow[];
  /** The sums under the rows, one cell per column. */
  totals?: string[];
  /** What the totals include, printed under them. */
  totalsNote?: string;
  /** Printed instead of the table when it has no rows. */
  empty: string;
}

/** A splice drawn along the rope: its ends and each part where it lies, in the base unit, in its band's colour. */
export interface SpliceDiagram {
  from: number;
  to: number;
  parts: { name: string; position: number; knot: boolean; tone?: SpliceBand }[];
}

/** A part of the report's body: a heading, facts, an optional table and warnings printed under it. */
export interface ReportSection {
  heading: string;
  fields: ReportField[];
  table?: ReportTable;
  warnings: string[];
  /** A splice section's drawing of its parts. */
  diagram?: SpliceDiagram;
  /** The event whose attached photos follow this section (single reports). */
  photosOf?: number;
}

/**
 * What one report says, in English, ready to be drawn: the layout code only places it on pages. Every figure that
 * cannot be computed reads "unknown", never a number that looks fine.
 */
export interface ReportModel {
  kind: ReportKind;
  title: string;
  units: UnitSystem;
  installation: ReportField[];
  rope: ReportField[];
  filter: ReportField[];
  /** Rope damage, health and the governing reference length (damage reports). */
  condition: ReportField[];
  /** Damage reports carry the damage chart per reference length. */
  withChart: boolean;
  sections: ReportSection[];
  /** The events the report covers, in the order printed. */
  eventIds: number[];
  dutyOfCare: { heading: string; text: string };
  signature: string[];
  generatedAt: string;
}
