import { useCallback, useState } from 'react';
import { useCan, useSessionUser } from '../../lib/session/session';

/** The local-storage key of the areas list's "Show as user" choice. */
export const SHOW_AS_STORAGE_KEY = 'areaShowAs';

export function readShowAs(storage: Pick<Storage, 'getItem'> | undefined): number | null {
  const raw = storage?.getItem(SHOW_AS_STORAGE_KEY);
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function writeShowAs(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, id: number | null): void {
  if (!storage) return;
  if (id === null) storage.removeItem(SHOW_AS_STORAGE_KEY);
  else storage.setItem(SHOW_AS_STORAGE_KEY, String(id));
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whom the areas list shows: null for the user's own view. Only holders of the impersonate right who can list
 * the candidates (the users of an area, AREA_PARTIAL_EDIT) get the picker; for anyone else a stored choice is ignored.
 */
export function useShowAs() {
  const user = useSessionUser();
  const canListUsers = useCan('AREA_PARTIAL_EDIT');
  const allowed = Boolean(user?.hasImpersonate) && canListUsers;
  const [stored, setStored] = useState(() => readShowAs(browserStorage()));
  const choose = useCallback((id: number | null) => {
    writeShowAs(browserStorage(), id);
    setStored(id);
  }, []);
  const showAs = allowed && stored !== user?.id ? stored : null;
  return { allowed, showAs, choose };
}
