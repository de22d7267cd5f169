import type { RopeEventAttributes } from '@rope/domain/events';
import type { Forecast } from '@rope/domain/rope/forecast';
import type { DamageInput } from '@rope/domain/rope/missing-inputs';
import type { RopeEventView } from '@rope/domain/views/events';

export type { RopeEventView };

export type DamageFilter = 'manual' | 'mrt';

/** The table's own state; zoom and damage filter come from the address (see rope-filters.ts). */
export interface EventsTableQuery {
  archived: boolean;
  page: number;
  /** 0 means all rows. */
  pageSize: number;
  search: string;
}

/** What GET /ropes/{id}/events is asked: the table's state plus the filters shared with the charts. */
export interface RopeEventsQuery extends EventsTableQuery {
  positionFrom?: number;
  positionTo?: number;
  damageFilter?: DamageFilter;
}

export interface RopeEventList {
  ropeEvents: RopeEventView[];
  total: number;
}

export type LossAxis = 'timestamp' | 'bendingCycles';

export interface LossPoint {
  timestamp: string;
  bendingCycles: number | null;
  /** % of the discard limit; null when it cannot be computed (a rule set input missing). */
  damage: number | null;
  maxLossPct: number;
}

/** GET /ropes/{id}/events/lossOverTarget */
export interface LossOverTargetAnswer {
  result: LossPoint[];
  /** The rope's damage today: unknown when its rule set lacks an input (missingInputs). */
  status: 'computed' | 'unknown';
  missingInputs: DamageInput[];
  standard: string;
  limits: { multiple: number; limit: number }[];
  bendingCyclesToTimestamp: [number, string][];
  forecast: Forecast | null;
}

export interface EventHistoryEntry {
  timestamp: string;
  action: string;
  user: { name: string };
  position: number | null;
  attributes: RopeEventAttributes;
}

/** POST /events/import/parse */
export interface ParsedInspection {
  ropeEvent: { position: number | null; attributes: RopeEventAttributes };
  damages: { position: number; attributes: RopeEventAttributes }[];
}
