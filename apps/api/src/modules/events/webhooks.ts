import type { Db } from '@rope/db/client';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import type { AppContext } from '../../context.ts';
import { randomToken } from '../../infra/crypto.ts';
import { emitWebhookEvents, linksOf } from '../webhooks/index.ts';

interface EventState {
  id: number;
  position: number | null;
  isDeleted: boolean;
  attributes: RopeEventAttributes;
}

interface RopePlace {
  rope: { id: number };
  installation: { id: number; areaId: number };
}

const CHANGE = { created: 'rope_event.created', changed: 'rope_event.changed', deleted: 'rope_event.deleted' } as const;

/** The webhooks of events recorded, changed or deleted on one rope, each with the event as GET answers it. */
export function emitRopeEventWebhooks(
  tx: Db,
  ctx: Pick<AppContext, 'queue' | 'env'>,
  change: keyof typeof CHANGE,
  place: RopePlace,
  events: EventState[],
) {
  const ropePage = `/areas/${place.installation.areaId}/installations/${place.installation.id}/ropes/${place.rope.id}`;
  return emitWebhookEvents(tx, ctx, {
    type: CHANGE[change],
    place: { ropeId: place.rope.id },
    items: events.map((event) => ({
      // A change is its own event each time; a creation or deletion happens once.
      key: change === 'changed' ? `${event.id}:${randomToken(12)}` : String(event.id),
      objects: {
        event: { ...event, links: linksOf(ctx, { cockpit: ropePage, api: `/events/${event.id}` }) },
      },
    })),
  });
}
