import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLoader } from './components/app-loader';
import { RouteError } from './components/route-error';
import { areasRoutes } from './features/areas/routes';
import { RequireSession } from './features/auth/require-session';
import { dashboardRoutes } from './features/dashboard/routes';
import { imprintRoutes } from './features/imprint/routes';
import { mandatorsRoutes } from './features/mandators/routes';
import { openapiRoutes } from './features/openapi/routes';
import { usersRoutes } from './features/users/routes';

/** The screens inside the shell; every feature loads lazily, so the first download stays small. */
const shellRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./features/areas/pages/home-page') },
  ...areasRoutes,
  ...dashboardRoutes,
  ...usersRoutes,
  ...mandatorsRoutes,
  ...imprintRoutes,
  ...openapiRoutes,
  { path: '*', lazy: () => import('./features/shell/components/not-found') },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <AppLoader />,
    children: [
      { path: 'login', lazy: () => import('./features/auth/pages/login-page') },
      { path: 'login/reset/:token', lazy: () => import('./features/auth/pages/reset-page') },
      {
        path: 'notification/unsubscribe/:unsubscribeEmail',
        lazy: () => import('./features/auth/pages/unsubscribe-page'),
      },
      {
        element: <RequireSession />,
        children: [{ lazy: () => import('./features/shell/components/shell-layout'), children: shellRoutes }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
