import type { DamageView } from '@rope/domain/views/hierarchy';

export const areaPath = (areaId: number) => `/areas/${areaId}`;
export const installationPath = (areaId: number, installationId: number) =>
  `${areaPath(areaId)}/installations/${installationId}`;
export const ropePath = (areaId: number, installationId: number, ropeId: number) =>
  `${installationPath(areaId, installationId)}/ropes/${ropeId}`;

/** Worst first: the largest damage leads, ropes without one go last, then by name. */
export function sortByDamage<T extends { name: string; damages: DamageView }>(ropes: readonly T[]): T[] {
  return [...ropes].sort((a, b) => {
    const left = a.damages?.damage ?? Number.NEGATIVE_INFINITY;
    const right = b.damages?.damage ?? Number.NEGATIVE_INFINITY;
    if (left !== right) return right - left;
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
