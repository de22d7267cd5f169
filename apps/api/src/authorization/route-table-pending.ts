/**
 * Routes other features registered while the matrix was written, still without expectations. Each shows as a
 * todo in the run; the feature's owner replaces its line with a row in the matrix (route-table*.ts) that says
 * who gets what, own and foreign.
 */
const HIERARCHY = [
  'GET /api/areas',
  'POST /api/areas',
  'GET /api/areas/positions',
  'GET /api/areas/:id',
  'PATCH /api/areas/:id',
  'DELETE /api/areas/:id',
  'GET /api/areas/:id/users',
  'GET /api/areas/:id/installations',
  'POST /api/areas/:id/installations',
  'GET /api/areas/:id/installations/events/damage-summary',
  'GET /api/installations/:id',
  'PATCH /api/installations/:id',
  'DELETE /api/installations/:id',
  'POST /api/installations/:id/order-before',
  'GET /api/installations/:id/map-image',
  'POST /api/installations/:id/map-image',
  'GET /api/installations/:id/ropes',
  'POST /api/installations/:id/ropes',
  'GET /api/installations/:id/events',
  'GET /api/ropes',
  'GET /api/ropes/:id',
  'PATCH /api/ropes/:id',
  'DELETE /api/ropes/:id',
  'POST /api/ropes/:id/order-before',
  'GET /api/ropes/:id/events',
  'GET /api/ropes/:id/events/damage',
  'GET /api/ropes/:id/events/lossOverTarget',
  'GET /api/ropes/:id/bendingCycles',
  'GET /api/events',
  'POST /api/events',
  'GET /api/events/:id',
  'PATCH /api/events/:id',
  'DELETE /api/events/:id',
  'GET /api/events/:id/history',
  'POST /api/events/import/parse',
  'GET /api/intl/country/',
  'GET /api/intl/timezone/',
];

const TASKS = [
  'GET /api/tasks',
  'POST /api/tasks',
  'PATCH /api/tasks/:id',
  'DELETE /api/tasks/:id',
  'GET /api/tasks/:id/notes',
  'GET /api/ropes/:id/tasks',
  'POST /api/ropes/:id/tasks/upload',
  'POST /api/ropes/tasks/upload',
];

export const PENDING_ROUTES: Record<string, string> = Object.fromEntries([
  ...HIERARCHY.map((route) => [route, 'areas / installations / ropes / events feature: add its row']),
  ...TASKS.map((route) => [route, 'tasks feature: add its row']),
]);
