import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell (admins only; others are told so). */
export const smartropesRoutes: RouteObject[] = [
  { path: 'smartropes', element: lazyScreen(async () => (await import('./pages/smartropes-page')).SmartropesPage) },
  {
    path: 'smartropes/:id',
    element: lazyScreen(async () => (await import('./pages/smartrope-page')).SmartropePage),
  },
];
