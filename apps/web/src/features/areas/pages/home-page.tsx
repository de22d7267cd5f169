import { Navigate } from 'react-router';
import { AppLoader } from '../../../components/app-loader';
import { useSessionUser } from '../../auth/session';
import { startPath } from '../../shell/nav-items';

/** `/`: a single-area user lands in the area, anyone with the areas screen on it, anyone else on what they may use. */
export function HomePage() {
  const user = useSessionUser();
  return user ? <Navigate replace to={startPath(user)} /> : <AppLoader />;
}
