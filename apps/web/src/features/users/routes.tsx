import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted inside the application shell. */
export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: async () => ({ Component: (await import('./pages/users-page')).UsersPage }) },
];
