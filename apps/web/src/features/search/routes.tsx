import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

export const searchRoutes: RouteObject[] = [
  { path: 'search', element: lazyScreen(async () => (await import('./pages/search-page')).SearchPage) },
];
