import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell. */
export const openapiRoutes: RouteObject[] = [
  { path: 'openapi', element: lazyScreen(async () => (await import('./pages/openapi-page')).OpenapiPage) },
];
