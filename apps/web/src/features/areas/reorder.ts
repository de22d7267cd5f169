/**
 * The list after dragging `activeId` onto `overId`, and the id it now stands before (null: at the end): the
 * body of POST .../order-before. Undefined when nothing moves.
 */
export function moveItem<T extends { id: number }>(
  items: readonly T[],
  activeId: number,
  overId: number,
): { next: T[]; beforeId: number | null } | undefined {
  const from = items.findIndex((item) => item.id === activeId);
  const to = items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return undefined;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (!moved) return undefined;
  next.splice(to, 0, moved);
  return { next, beforeId: next[to + 1]?.id ?? null };
}
