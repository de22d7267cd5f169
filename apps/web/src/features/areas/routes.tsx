import type { RouteObject } from 'react-router';

/** /areas, /areas/:areaId, /areas/:areaId/installations/:installationId and the rope page. */
export const areasRoutes: RouteObject[] = [
  { path: 'areas', lazy: async () => ({ Component: (await import('./pages/areas-page')).AreasPage }) },
  { path: 'areas/:areaId', lazy: async () => ({ Component: (await import('./pages/area-page')).AreaPage }) },
  {
    path: 'areas/:areaId/installations/:installationId',
    lazy: async () => ({
      Component: (await import('../installations/pages/installation-page')).InstallationPage,
    }),
  },
  {
    path: 'areas/:areaId/installations/:installationId/ropes/:ropeId',
    lazy: async () => ({ Component: (await import('../ropes/pages/rope-page')).RopePage }),
  },
];
