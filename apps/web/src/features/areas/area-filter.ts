import type { AreaView } from '@rope/domain/hierarchy/views';

/** The areas list's search: case-insensitive, on the name and (where shown) the mandator's name. */
export function filterAreas(areas: readonly AreaView[], search: string, withMandator: boolean): AreaView[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...areas];
  return areas.filter(
    (area) =>
      area.name.toLocaleLowerCase().includes(needle) ||
      (withMandator && area.mandator.name.toLocaleLowerCase().includes(needle)),
  );
}

export interface UserOption {
  value: string;
  label: string;
}

export interface UserGroup {
  group: string;
  items: UserOption[];
}

/** Show-as candidates grouped by mandator, each user once (the first mandator that lists them). */
export function groupUsersByMandator(
  lists: readonly { mandator: string; users: readonly { id: number; name: string; email: string }[] }[],
  selfId: number | undefined,
): UserGroup[] {
  const seen = new Set<number>();
  const groups: UserGroup[] = [];
  for (const { mandator, users } of lists) {
    const items: UserOption[] = [];
    for (const user of users) {
      if (seen.has(user.id) || user.id === selfId) continue;
      seen.add(user.id);
      items.push({ value: String(user.id), label: `${user.name} (${user.email})` });
    }
    if (items.length > 0) groups.push({ group: mandator, items });
  }
  return groups;
}

/** One area per mandator: its users are the mandator's users. */
export function oneAreaPerMandator(areas: readonly AreaView[]): { areaId: number; mandator: string }[] {
  const byMandator = new Map<number, { areaId: number; mandator: string }>();
  for (const area of areas) {
    if (!byMandator.has(area.mandator.id))
      byMandator.set(area.mandator.id, { areaId: area.id, mandator: area.mandator.name });
  }
  return [...byMandator.values()].sort((a, b) => a.mandator.localeCompare(b.mandator));
}
