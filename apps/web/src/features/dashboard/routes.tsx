import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell. */
export const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', element: lazyScreen(async () => (await import('./pages/dashboard-page')).DashboardPage) },
];
