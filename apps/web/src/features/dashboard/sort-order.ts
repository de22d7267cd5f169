import type { DamageView } from '@rope/domain/hierarchy/views';

/** Sort key: an unknown damage could be anything up to discard, so it leads; nothing recorded goes last. */
function damageRank(damages: DamageView): number {
  if (!damages) return Number.NEGATIVE_INFINITY;
  return damages.status === 'unknown' ? Number.POSITIVE_INFINITY : damages.damage;
}

/** Worst first: unknown damages lead (they need the settings completed), then the largest damage, then by name. */
export function sortByDamage<T extends { name: string; damages: DamageView }>(ropes: readonly T[]): T[] {
  return [...ropes].sort((a, b) => {
    const left = damageRank(a.damages);
    const right = damageRank(b.damages);
    if (left !== right) return left < right ? 1 : -1;
    return a.name.localeCompare(b.name);
  });
}

/** Open tasks: past due first, then by due date (none last). */
export function sortTasks<T extends { dueAt: string | null; pastDue: boolean }>(tasks: readonly T[]): T[] {
  return [...tasks].sort((a, b) => {
    if (a.pastDue !== b.pastDue) return a.pastDue ? -1 : 1;
    const left = a.dueAt ? Date.parse(a.dueAt) : Number.POSITIVE_INFINITY;
    const right = b.dueAt ? Date.parse(b.dueAt) : Number.POSITIVE_INFINITY;
    return left === right ? 0 : left < right ? -1 : 1;
  });
}
