import { Navigate, useLocation } from 'react-router';

/**
 * `<Navigate replace>` that redirects again for every new history entry: a second visit to the same path while the
 * first redirect's screen is still loading (navigations are transitions) must redirect too, not stay on the empty
 * page of the first visit.
 */
export function Redirect({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate key={location.key} replace to={to} />;
}
