import { Navigate, useLocation } from 'react-router';

/**
 * Sends the user on to `to` (replacing the entry) on every arrival here, not only when first shown: a second
 * arrival while the first redirect still loads its screen (a click on the home link) cancels that redirect
 * and leaves this screen mounted, which without the key would then stay empty.
 */
export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate key={location.key} replace to={to} />;
}
