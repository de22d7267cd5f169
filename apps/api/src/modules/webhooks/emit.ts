import type { Db } from '@rope/db/client';
import { queryRows } from '@rope/db/client';
import type { WebhookEventType } from '@rope/domain/webhooks/event-types';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { joinPlacementSql } from '../../tenancy/placement.ts';
import { fanOutWebhookMessages } from './fan-out.ts';
import { placeData, type WebhookPlace } from './links.ts';

export interface WebhookEventInput {
  type: WebhookEventType;
  /** Names this one event: emitted twice (a retried job, a repeated request), it is delivered once. */
  key: string;
  place: { ropeId: number } | { installationId: number };
  /** What the event is about beside its place, by name (`event`, `task`, ...), each with its id and links. */
  objects?: Record<string, Record<string, unknown>>;
  /** Only for endpoints whose owner reads internal tasks. */
  internal?: boolean;
  occurredAt?: Date;
}

interface PlaceRow extends Record<string, unknown> {
  mandator_id: number;
  area_id: number;
  area_name: string;
  installation_id: number;
  installation_name: string;
  rope_id: number | null;
  rope_name: string | null;
}

/** The event's place, when its mandator has an enabled endpoint for the type; most mandators have none. */
async function findPlace(tx: Db, input: Pick<WebhookEventInput, 'type' | 'place'>): Promise<WebhookPlace | null> {
  const byRope = 'ropeId' in input.place;
  const [row] = await queryRows<PlaceRow>(
    tx,
    sql`select a.mandator_id, a.id as area_id, a.name as area_name, i.id as installation_id,
          i.name as installation_name, ${byRope ? sql`r.id` : sql`null::int`} as rope_id,
          ${byRope ? sql`r.name` : sql`null::text`} as rope_name
        from ${byRope ? sql`ropes r ${joinPlacementSql()}` : sql`installations i join areas a on a.id = i.area_id`}
        where ${'ropeId' in input.place ? sql`r.id = ${input.place.ropeId}` : sql`i.id = ${input.place.installationId}`}
          and exists (select 1 from webhook_endpoints e where e.mandator_id = a.mandator_id and e.enabled
            and e.event_types @> ${JSON.stringify([input.type])}::jsonb)`,
  );
  if (!row) return null;
  return {
    mandatorId: Number(row.mandator_id),
    area: { id: Number(row.area_id), name: row.area_name },
    installation: { id: Number(row.installation_id), name: row.installation_name },
    ...(row.rope_id === null ? {} : { rope: { id: Number(row.rope_id), name: row.rope_name ?? '' } }),
  };
}

export type WebhookEventItem = Pick<WebhookEventInput, 'key' | 'objects' | 'internal' | 'occurredAt'>;

/**
 * The webhooks of events of one type at one place (a batch of imported events looks its place up once), written in
 * the caller's transaction: the deliveries and their jobs (the outbox) exist exactly when the change that caused
 * them committed, and one rolled back sends nothing. The payload is taken now, so the receiver reads the state the event left, even
 * when the object changes or goes before it is sent.
 */
export async function emitWebhookEvents(
  tx: Db,
  ctx: Pick<AppContext, 'queue' | 'env'>,
  batch: Pick<WebhookEventInput, 'type' | 'place'> & { items: WebhookEventItem[] },
) {
  if (batch.items.length === 0) return;
  const place = await findPlace(tx, batch);
  if (!place) return;
  const shared = placeData(ctx, place);
  const messages = batch.items.map((item) => ({
    eventKey: `${batch.type}:${item.key}`,
    internal: Boolean(item.internal),
    payload: {
      type: batch.type,
      timestamp: (item.occurredAt ?? new Date()).toISOString(),
      data: { ...shared, ...item.objects },
    },
  }));
  await fanOutWebhookMessages(tx, ctx, place.mandatorId, batch.type, messages);
}

export function emitWebhookEvent(tx: Db, ctx: Pick<AppContext, 'queue' | 'env'>, input: WebhookEventInput) {
  const { type, place, ...item } = input;
  return emitWebhookEvents(tx, ctx, { type, place, items: [item] });
}
