/**
 * What areas, installations and ropes share: their order among their siblings and the damage summary of the ropes
 * below one of them. Other modules reach it through this file only; who sees which of them is `src/tenancy/`.
 */
export {
  type DamageView,
  damageBelow,
  type RopeDamageAggregate,
  ropeDamageAggregate,
  ropeDamageView,
  toDamageView,
} from './damage-summary.ts';
export { nextOrdering, reorderBefore } from './reorder.ts';
