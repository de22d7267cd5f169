import { reportNumber } from './format.ts';
import type { ReportField } from './model.ts';
import { LENGTH_UNITS, lengthIn, type UnitSystem } from './units.ts';

/** What narrowed the events table when a report of all damages or repairs was made from it. */
export interface ReportFilter {
  archived: boolean;
  search?: string;
  /** The chart zoom, datum positions in m. */
  positionFrom?: number;
  positionTo?: number;
  damageFilter?: 'manual' | 'mrt' | null;
}

const DETECTION = { manual: 'recorded visually (manual)', mrt: 'found by magnetic rope testing (MRT)' } as const;

/** The filter as the report prints it: the selection rule first, then every narrowing the table had. */
export function filterFields(selection: string, filter: ReportFilter, units: UnitSystem): ReportField[] {
  const unit = LENGTH_UNITS[units];
  const at = (metres: number) => reportNumber(lengthIn(metres, units), 2, true);
  const positions =
    filter.positionFrom !== undefined && filter.positionTo !== undefined
      ? `${at(filter.positionFrom)} – ${at(filter.positionTo)} ${unit}`
      : 'whole rope';
  return [
    { label: 'Selection', value: selection },
    { label: 'Events', value: filter.archived ? 'archived events' : 'current events (archived ones left out)' },
    { label: 'Positions', value: positions },
    { label: 'Detection', value: filter.damageFilter ? DETECTION[filter.damageFilter] : 'all' },
    { label: 'Search', value: filter.search?.trim() ? `"${filter.search.trim()}"` : 'none' },
  ];
}
