/** The part of the hierarchy a query's answer belongs to: what decides whether the device keeps it. */
export type QueryOwner = { kind: 'rope' | 'event' | 'task' | 'installation' | 'area'; id: number };

const ROPE_PREFIXES: readonly (readonly string[])[] = [
  ['ropes', 'detail'],
  ['events', 'rope'],
  ['tasks', 'rope'],
  ['smartropes', 'rope-events'],
  ['smartropes', 'on-rope'],
  ['sensors', 'rope'],
];

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

function startsWith(key: readonly unknown[], prefix: readonly string[]): boolean {
  return prefix.every((part, index) => key[index] === part);
}

/**
 * Reads the owner from the query keys of the rope page (features/<x>/api.ts): the rope's own queries, its documents and
 * its events' documents and its tasks' notes, and the installation and area it sits in. Any other query (lists, admin screens) is not kept for the field.
 */
export function ownerOfQueryKey(key: readonly unknown[]): QueryOwner | null {
  for (const prefix of ROPE_PREFIXES) {
    const id = key[prefix.length];
    if (startsWith(key, prefix) && isId(id)) return { kind: 'rope', id };
  }
  const second = key[1];
  if (key[0] === 'truscan' && isId(second)) return { kind: 'rope', id: second };
  // A task's notes: kept with the task's rope, as its events' documents are.
  if (startsWith(key, ['tasks', 'notes']) && isId(key[2])) return { kind: 'task', id: key[2] };
  if (startsWith(key, ['documents', 'list'])) {
    const source = key[2] as { kind?: string; targetType?: string; targetId?: unknown } | undefined;
    if (source?.kind === 'target' && source.targetType === 'rope' && isId(source.targetId)) {
      return { kind: 'rope', id: source.targetId };
    }
    // An event's photos and documents: kept with its rope (field-cache.ts knows the event's rope from its lists).
    if (source?.kind === 'target' && source.targetType === 'event' && isId(source.targetId)) {
      return { kind: 'event', id: source.targetId };
    }
    return null;
  }
  for (const prefix of [
    ['installations', 'detail'],
    ['installations', 'events'],
    ['ropes', 'list'],
  ]) {
    const id = key[2];
    if (startsWith(key, prefix) && isId(id)) return { kind: 'installation', id };
  }
  const third = key[2];
  if (startsWith(key, ['areas', 'detail']) && isId(third)) return { kind: 'area', id: third };
  return null;
}
