import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted inside the application shell. */
export const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage }) },
];
