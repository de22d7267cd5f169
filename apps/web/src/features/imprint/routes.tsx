import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted inside the application shell. */
export const imprintRoutes: RouteObject[] = [
  { path: 'imprint', lazy: async () => ({ Component: (await import('./pages/imprint-page')).ImprintPage }) },
];
