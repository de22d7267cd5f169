import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted inside the application shell. */
export const mandatorsRoutes: RouteObject[] = [
  { path: 'mandators', lazy: async () => ({ Component: (await import('./pages/mandators-page')).MandatorsPage }) },
];
