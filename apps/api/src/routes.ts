import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { areaRoutes } from './modules/areas/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { brokerCredentialRoutes } from './modules/device-intake/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { eventChartRoutes } from './modules/events/chart-routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { folderRoutes } from './modules/folders/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { installationRoutes } from './modules/installations/routes.ts';
import { intlRoutes } from './modules/intl/routes.ts';
import { mandatorRoutes } from './modules/mandators/routes.ts';
import { mrtRoutes } from './modules/mrt/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { ropeRoutes } from './modules/ropes/routes.ts';
import { samlRoutes } from './modules/saml/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { sensorRoutes } from './modules/sensors/routes.ts';
import { smartropeRoutes } from './modules/smartropes/routes.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { truscanRoutes } from './modules/truscan/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';

/** Every feature's routes, all under /api. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  const features = [
    healthRoutes,
    authRoutes,
    samlRoutes,
    userRoutes,
    mandatorRoutes,
    areaRoutes,
    installationRoutes,
    ropeRoutes,
    intlRoutes,
    eventRoutes,
    eventChartRoutes,
    taskRoutes,
    notificationRoutes,
    documentRoutes,
    folderRoutes,
    projectRoutes,
    searchRoutes,
    sensorRoutes,
    smartropeRoutes,
    brokerCredentialRoutes,
    truscanRoutes,
    mrtRoutes,
    webhookRoutes,
  ];
  for (const routes of features) {
    await app.register(routes(ctx), { prefix: '/api' });
  }
}
