import type { RouteObject } from 'react-router';

/** /areas, /areas/:areaId, /areas/:areaId/installations/:installationId and the rope page. */
export const areasRoutes: RouteObject[] = [];
