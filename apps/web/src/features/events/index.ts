// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export {
  damageChartQuery,
  eventKeys,
  fetchDamageChart,
  fetchRopeEvents,
  firstEventDateQuery,
  refreshAfterChange,
  ropeEventsQuery,
} from './api';
export { eventColumns } from './components/event-columns';
export { PlacedEventsTable } from './components/placed-events-table';
export { RopeDamageSection } from './components/rope-damage-section';
export {
  type DamageChartData,
  DISCARD_UTILISATION,
  damageChartData,
  damageXRange,
  damageYRange,
  utilisationPercent,
} from './damage-chart-data';
export { FIRST_EVENTS_PAGE, ropeEventsQueryString } from './events-query';
export type { RopeEventsQuery } from './types';
