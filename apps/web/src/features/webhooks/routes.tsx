import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazy-screen';

/**
 * Routes of this feature, mounted inside the application shell (who may manage webhooks; others are told so).
 * `/webhooks/:id` is the link of the mail that tells an owner their endpoint was disabled.
 */
export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks', element: lazyScreen(async () => (await import('./pages/webhooks-page')).WebhooksPage) },
  { path: 'webhooks/:id', element: lazyScreen(async () => (await import('./pages/webhook-page')).WebhookPage) },
];
