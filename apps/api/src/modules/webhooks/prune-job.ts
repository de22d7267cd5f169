import { queryRows } from '@rope/db/client';
import { WEBHOOK_DELIVERY_RETENTION_DAYS } from '@rope/domain/webhooks/rules';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../infra/queue/define.ts';

const BATCH = 5000;

/** Deletes delivered and given-up deliveries (with their attempts) past the retention; pending ones always stay. */
export async function pruneWebhookDeliveries(ctx: Pick<AppContext, 'db'>, batch = BATCH): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    ctx.db,
    sql`delete from webhook_deliveries where id in (
          select id from webhook_deliveries
          where status <> 'pending' and created_at < now() - make_interval(days => ${WEBHOOK_DELIVERY_RETENTION_DAYS})
          limit ${batch})
        returning id`,
  );
  return rows.length;
}

/** Hourly, beside the outbox's prune. */
export const pruneWebhookDeliveriesJob = defineJob({
  queue: 'maintenance',
  name: 'prune-webhook-deliveries',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: () => 3600_000,
  async handle(ctx) {
    while ((await pruneWebhookDeliveries(ctx, BATCH)) === BATCH) {
      // A full batch: there may be more.
    }
  },
});
