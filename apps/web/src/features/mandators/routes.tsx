import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell. */
export const mandatorsRoutes: RouteObject[] = [
  { path: 'mandators', element: lazyScreen(async () => (await import('./pages/mandators-page')).MandatorsPage) },
];
