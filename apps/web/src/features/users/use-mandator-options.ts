import { useCan, useSessionUser } from '../../lib/session/session';
import { useMandators } from '../mandators';

/** Admins pick from every mandator; a client admin only from their own, which the session already names. */
export function useMandatorOptions(enabled: boolean) {
  const canEditAny = useCan('USER_EDIT_ANY');
  const sessionUser = useSessionUser();
  const all = useMandators(enabled && canEditAny);
  const list = canEditAny ? (all.data ?? []) : (sessionUser?.mandators ?? []);
  return {
    options: list.map((mandator) => ({ value: String(mandator.id), label: mandator.name })),
    loading: canEditAny && all.isPending,
  };
}
