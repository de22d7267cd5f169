import type { DamageFilter } from '@rope/domain/ropes/effective-events';

export type { DamageFilter };

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

export type LossAxis = 'timestamp' | 'bendingCycles';
