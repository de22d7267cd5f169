/**
 * PATCH is partial, and what a read returns a write accepts: the fields sent replace the stored ones, the objects
 * named in `merged` (attributes) merge key by key, where null removes a key (JSON merge patch, RFC 7386), and what was
 * not sent stays.
 */
export const MERGED_OBJECTS = ['attributes'] as const;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function mergePatch<T extends Plain>(
  current: T,
  patch: Plain,
  merged: readonly string[] = MERGED_OBJECTS,
): T & Plain {
  const result: Plain = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (merged.includes(key) && isPlain(value)) {
      const inner: Plain = isPlain(current[key]) ? { ...(current[key] as Plain) } : {};
      for (const [innerKey, innerValue] of Object.entries(value)) {
        if (innerValue === null) delete inner[innerKey];
        else if (innerValue !== undefined) inner[innerKey] = innerValue;
      }
      result[key] = inner;
    } else {
      result[key] = value;
    }
  }
  return result as T & Plain;
}

/** JSON with sorted keys, so two objects that differ only in key order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    isPlain(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

/** The keys of `after` whose value differs from `before`: what a PATCH actually changes. */
export function changedKeys(before: Plain, after: Plain): string[] {
  return Object.keys(after).filter((key) => canonical(before[key] ?? null) !== canonical(after[key] ?? null));
}

type Attributes<T> = T extends { attributes?: infer A } ? NonNullable<A> : never;
// biome-ignore lint/complexity/noBannedTypes: `{}` is the type an optional key's Pick extends.
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
type RequiredKeys<T> = Exclude<keyof T, OptionalKeys<T>>;
/**
 * A body whose attributes may name keys as null: the PATCH form of a whole attributes object. Only an optional key
 * can be null: a required one is in every body, so it is never left out to remove.
 */
export type WithRemovedAttributes<T> = Omit<T, 'attributes'> & {
  attributes?: { [K in RequiredKeys<Attributes<T>>]: Attributes<T>[K] } & {
    [K in OptionalKeys<Attributes<T>>]?: Attributes<T>[K] | null;
  };
};

/**
 * A form edits the whole attributes object, PATCH merges key by key: the keys the form left out or emptied are
 * sent as null, so the merge removes them instead of keeping the stored value.
 */
export function withRemovedAttributes<T extends { attributes?: object }>(
  stored: object | null | undefined,
  body: T,
): WithRemovedAttributes<T> {
  if (!body.attributes) return body as WithRemovedAttributes<T>;
  const attributes: Plain = { ...body.attributes };
  for (const key of Object.keys(stored ?? {})) if (attributes[key] === undefined) attributes[key] = null;
  return { ...body, attributes } as WithRemovedAttributes<T>;
}
