import { AppLoader } from '../../../components/app-loader';
import { Redirect } from '../../../components/redirect';
import { useSessionUser } from '../../../lib/session/session';
import { startPath } from '../../shell';

/** `/`: a single-area user lands in the area, anyone with the areas screen on it, anyone else on what they may use. */
export function HomePage() {
  const user = useSessionUser();
  return user ? <Redirect to={startPath(user)} /> : <AppLoader />;
}
