import { Navigate } from 'react-router';
import { useSessionUser } from '../../auth/session';
import { startPath } from '../../shell/nav-items';
import { StartPage } from '../../start/pages/start-page';

/** `/`: a single-area user lands in the area, anyone with the areas screen on it; others on the start page. */
export function HomePage() {
  const user = useSessionUser();
  const path = user ? startPath(user) : undefined;
  return path ? <Navigate replace to={path} /> : <StartPage />;
}

export { HomePage as Component };
