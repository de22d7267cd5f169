import { seedWebhookDelivery, seedWebhookEndpoint } from '../support/webhook-factories.ts';
import { only, type RouteRow, scoped } from './route-table.ts';
import type { ActorName, Scope, World } from './world.ts';

const url = (url: string, payload?: object) => ({ url, payload });

/** Admins for every mandator, client admins for their own: another mandator's endpoint answers like a missing one. */
const managers = (status: number) => only({ admin: status, clientAdmin: scoped(status, 404) });

/** An endpoint of the scope's mandator, registered by the scope's person. */
const endpointIn = async (w: World, scope: Scope, actor: ActorName) =>
  (await seedWebhookEndpoint(w.t.ctx, { mandatorId: w.mandatorOf(scope), ownerUserId: w.personOf(scope, actor) }))
    .endpoint;

export const WEBHOOK_ROWS: RouteRow[] = [
  { route: 'GET /api/webhooks', build: () => url('/api/webhooks'), expect: only({ admin: 200, clientAdmin: 200 }) },
  {
    route: 'POST /api/webhooks',
    scoped: true,
    build: (w, scope) =>
      url('/api/webhooks', {
        endpoint: { mandatorId: w.mandatorOf(scope), url: 'http://127.0.0.1:9/hooks', eventTypes: ['task.created'] },
      }),
    expect: managers(200),
    note: 'admins and client admins register endpoints in a session or with a key they may use; API roles have no WEBHOOK_MANAGE',
  },
  {
    route: 'GET /api/webhooks/:id',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/webhooks/${(await endpointIn(w, scope, actor)).id}`),
    expect: managers(200),
  },
  {
    route: 'PATCH /api/webhooks/:id',
    scoped: true,
    build: async (w, scope, actor) =>
      url(`/api/webhooks/${(await endpointIn(w, scope, actor)).id}`, { endpoint: { description: 'Maximo' } }),
    expect: managers(200),
  },
  {
    route: 'DELETE /api/webhooks/:id',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/webhooks/${(await endpointIn(w, scope, actor)).id}`),
    expect: managers(204),
  },
  {
    route: 'POST /api/webhooks/:id/rotate-secret',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/webhooks/${(await endpointIn(w, scope, actor)).id}/rotate-secret`),
    expect: managers(200),
  },
  {
    route: 'POST /api/webhooks/:id/test',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/webhooks/${(await endpointIn(w, scope, actor)).id}/test`),
    expect: managers(200),
  },
  {
    route: 'GET /api/webhooks/:id/deliveries',
    scoped: true,
    build: async (w, scope, actor) => url(`/api/webhooks/${(await endpointIn(w, scope, actor)).id}/deliveries`),
    expect: managers(200),
  },
  {
    route: 'GET /api/webhooks/:id/deliveries/:deliveryId',
    scoped: true,
    build: async (w, scope, actor) => {
      const endpoint = await endpointIn(w, scope, actor);
      return url(`/api/webhooks/${endpoint.id}/deliveries/${(await seedWebhookDelivery(w.t.ctx, endpoint.id)).id}`);
    },
    expect: managers(200),
  },
  {
    route: 'POST /api/webhooks/:id/deliveries/:deliveryId/resend',
    scoped: true,
    build: async (w, scope, actor) => {
      const endpoint = await endpointIn(w, scope, actor);
      const delivery = await seedWebhookDelivery(w.t.ctx, endpoint.id);
      return url(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`);
    },
    expect: managers(200),
    note: 'the resend is answered with how it went (here: nothing listens), not refused',
  },
];
