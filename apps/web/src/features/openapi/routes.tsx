import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted inside the application shell. */
export const openapiRoutes: RouteObject[] = [
  { path: 'openapi', lazy: async () => ({ Component: (await import('./pages/openapi-page')).OpenapiPage }) },
];
