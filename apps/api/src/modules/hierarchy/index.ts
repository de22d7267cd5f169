/**
 * What areas, installations and ropes share: their order among their siblings, the damage summary of the ropes below
 * one of them, and their deletion with the TRUscan files of the ropes below (which the rows alone would orphan). Other modules reach it through this file only; who sees which of them is `src/tenancy/`.
 */
export {
  type DamageView,
  damageBelowColumn,
  type RopeDamageAggregate,
  ropeDamageAggregate,
  ropeDamageView,
  toDamageView,
} from './damage-summary.ts';
export { deleteWithTruscanFiles, removeTruscanFiles } from './delete-with-files.ts';
export { nextOrdering, reorderBefore } from './reorder.ts';
