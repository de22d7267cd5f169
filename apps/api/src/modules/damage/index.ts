/**
 * The rope's damage: computed from its events, stored on the rope (with a packed copy of its damage rows) and
 * answered as the chart's bytes. Other modules reach it through this file only; it calls none of the modules that
 * change ropes, installations or events, so each of them can ask it to recompute.
 */
export { damageChartJson } from './chart-answer.ts';
export { damageChartEtag, lossChartEtag } from './chart-etag.ts';
export {
  computeDamageOf,
  loadDamageTarget,
  loadLiveEvents,
  loadRopeForDamage,
  recomputeRopeDamages,
  recomputeUnassessedDamages,
} from './recompute.ts';
export { refreshRopeDamage } from './refresh.ts';
export { loadVisibleDamageTarget } from './visible-target.ts';
