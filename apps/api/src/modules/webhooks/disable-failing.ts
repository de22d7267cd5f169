import { users, webhookEndpoints } from '@rope/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { publicUrl } from '../../env.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import { sendMailJob } from '../../mail/send-mail-job.ts';
import { webhookDisabledMail } from '../../mail/webhook-texts.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * After a delivery failed for a day: the endpoint is disabled (its later deliveries wait, in order, until it is
 * enabled again) and its owner is mailed in their language, in the same transaction.
 */
export async function disableFailingEndpoint(ctx: AppContext, endpoint: EndpointRow, lastError: string) {
  await ctx.db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failing', disabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (!disabled) return;
    await writeAudit(tx, {
      action: 'webhook.disable',
      actorUserId: null,
      targetType: 'webhookEndpoint',
      targetId: endpoint.id,
      details: { reason: 'failing', lastError },
    });
    if (endpoint.ownerUserId === null) return;
    const [owner] = await tx
      .select({ email: users.email, languageId: users.languageId, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, endpoint.ownerUserId));
    if (!owner?.isActive) return;
    const link = `${publicUrl(ctx.env).replace(/\/$/, '')}/webhooks/${endpoint.id}`;
    const mail = webhookDisabledMail({ url: endpoint.url, error: lastError, link }, owner.languageId);
    const key = `webhook-disabled:${endpoint.id}:${Date.now()}`;
    await ctx.queue.enqueue(jobRequest(sendMailJob, { to: owner.email, ...mail }, key), tx);
  });
}
