import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell. */
export const imprintRoutes: RouteObject[] = [
  { path: 'imprint', element: lazyScreen(async () => (await import('./pages/imprint-page')).ImprintPage) },
];
