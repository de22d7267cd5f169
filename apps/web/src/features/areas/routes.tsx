import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';
import { AreaScreensGuard } from './components/area-screens-guard';

/** For people with the areas screen: /areas, /areas/:areaId, /areas/:areaId/installations/:installationId and the rope page. */
export const areasRoutes: RouteObject[] = [
  {
    element: <AreaScreensGuard />,
    children: [
      { path: 'areas', element: lazyScreen(async () => (await import('./pages/areas-page')).AreasPage) },
      { path: 'areas/:areaId', element: lazyScreen(async () => (await import('./pages/area-page')).AreaPage) },
      {
        path: 'areas/:areaId/installations/:installationId',
        element: lazyScreen(async () => (await import('../installations/pages/installation-page')).InstallationPage),
      },
      {
        path: 'areas/:areaId/installations/:installationId/ropes/:ropeId',
        element: lazyScreen(async () => (await import('../ropes/pages/rope-page')).RopePage),
      },
    ],
  },
];
