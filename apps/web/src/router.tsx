import { Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppLoader } from './components/app-loader';
import { lazyScreen } from './components/lazy-screen';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { areasRoutes } from './features/areas';
import { RequireSession } from './features/auth';
import { dashboardRoutes } from './features/dashboard';
import { foldersRoutes } from './features/folders';
import { imprintRoutes } from './features/imprint';
import { mandatorsRoutes } from './features/mandators';
import { openapiRoutes } from './features/openapi';
import { projectsRoutes } from './features/projects';
import { searchRoutes } from './features/search';
import { sensorsRoutes } from './features/sensors';
import { smartropesRoutes } from './features/smartropes';
import { usersRoutes } from './features/users';
import { webhooksRoutes } from './features/webhooks';

/** The screens inside the shell; every feature loads lazily, so the first download stays small. */
const shellRoutes: RouteObject[] = [
  { index: true, element: lazyScreen(async () => (await import('./features/areas/pages/home-page')).HomePage) },
  ...areasRoutes,
  ...dashboardRoutes,
  ...projectsRoutes,
  ...foldersRoutes,
  ...searchRoutes,
  ...usersRoutes,
  ...mandatorsRoutes,
  ...sensorsRoutes,
  ...smartropesRoutes,
  ...imprintRoutes,
  ...openapiRoutes,
  ...webhooksRoutes,
  { path: '*', element: lazyScreen(async () => (await import('./features/shell/components/not-found')).NotFound) },
];

export const routes: RouteObject[] = [
  { path: 'login', element: lazyScreen(async () => (await import('./features/auth/pages/login-page')).LoginPage) },
  {
    path: 'login/reset/:token',
    element: lazyScreen(async () => (await import('./features/auth/pages/reset-page')).ResetPage),
  },
  {
    path: 'notification/unsubscribe/:unsubscribeEmail',
    element: lazyScreen(async () => (await import('./features/auth/pages/unsubscribe-page')).UnsubscribePage),
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: lazyScreen(async () => (await import('./features/shell/components/shell-layout')).ShellLayout),
        children: shellRoutes,
      },
    ],
  },
];

/**
 * The screens by path. Declarative routes (BrowserRouter, useRoutes) rather than a data router: the app loads no
 * route data through the router, and the data router's code would be ~15 KiB more of every first download.
 */
export function AppRoutes() {
  const location = useLocation();
  const screen = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<AppLoader />}>{screen}</Suspense>
    </RouteErrorBoundary>
  );
}
