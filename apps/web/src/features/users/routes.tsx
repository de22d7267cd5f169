import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/** Routes of this feature, mounted inside the application shell. */
export const usersRoutes: RouteObject[] = [
  { path: 'users', element: lazyScreen(async () => (await import('./pages/users-page')).UsersPage) },
];
