import type { Db } from '@rope/db/client';
import type { TaskAttributes } from '@rope/domain/tasks/schemas';
import type { AppContext } from '../../context.ts';
import { randomToken } from '../../infra/crypto.ts';
import { emitWebhookEvent, linksOf } from '../webhooks/index.ts';

interface TaskState {
  id: number;
  attributes: TaskAttributes;
  eventId?: number | null;
}

interface RopePlace {
  rope: { id: number };
  installation: { id: number; areaId: number };
}

const TYPES = { created: 'task.created', due: 'task.due', done: 'task.done' } as const;

/** A task created, fallen due or done: an internal task only reaches endpoints whose owner reads internal tasks. */
export function emitTaskWebhook(
  tx: Db,
  ctx: Pick<AppContext, 'queue' | 'env'>,
  change: keyof typeof TYPES,
  place: RopePlace,
  task: TaskState,
) {
  const ropePage = `/areas/${place.installation.areaId}/installations/${place.installation.id}/ropes/${place.rope.id}`;
  return emitWebhookEvent(tx, ctx, {
    type: TYPES[change],
    // A task is created once; it may fall due and be done again after it was reopened or moved.
    key: change === 'created' ? String(task.id) : `${task.id}:${randomToken(12)}`,
    place: { ropeId: place.rope.id },
    internal: task.attributes.isInternal,
    objects: {
      task: {
        id: task.id,
        eventId: task.eventId ?? null,
        attributes: task.attributes,
        links: linksOf(ctx, { cockpit: ropePage, api: `/ropes/${place.rope.id}/tasks` }),
      },
    },
  });
}
