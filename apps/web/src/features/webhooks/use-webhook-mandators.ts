import { useMemo } from 'react';
import { useSessionUser } from '../../lib/session/session';
import { useMandators } from '../mandators';

/**
 * The mandators whose webhook endpoints the user manages: every mandator for admins (loaded), a client admin's own
 * (named by the session). Their names tell endpoints apart when there are several.
 */
export function useWebhookMandators() {
  const sessionUser = useSessionUser();
  const isAdmin = Boolean(sessionUser?.isAdmin);
  const all = useMandators(isAdmin);
  return useMemo(() => {
    const list = isAdmin ? (all.data ?? []) : (sessionUser?.mandators ?? []);
    const names = new Map(list.map((mandator) => [mandator.id, mandator.name]));
    return {
      options: list.map((mandator) => ({ value: String(mandator.id), label: mandator.name })),
      nameOf: (id: number) => names.get(id) ?? `#${id}`,
      /** Several to tell apart: a mandator column and filter. */
      several: isAdmin || list.length > 1,
      loading: isAdmin && all.isPending,
    };
  }, [isAdmin, all.data, all.isPending, sessionUser?.mandators]);
}
