import type { RouteObject } from 'react-router';

/** Routes of this feature, mounted inside the application shell. */
export const mandatorsRoutes: RouteObject[] = [];
