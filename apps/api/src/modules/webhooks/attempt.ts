import { webhookAttempts, type webhookDeliveries, type webhookEndpoints } from '@rope/db/schema/index';
import type { AppContext } from '../../context.ts';
import { addressPolicyFor } from './address-policy.ts';
import { openSecret, signWebhook } from './secrets.ts';
import { postWebhook, type WebhookAnswer } from './send.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The secrets that sign now: the current one, and the previous one during its grace period after a rotation. */
async function signingSecrets(ctx: AppContext, endpoint: EndpointRow, now: Date): Promise<string[]> {
  const secrets = [await openSecret(ctx, endpoint.secretSealed)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(await openSecret(ctx, endpoint.previousSecretSealed));
  }
  return secrets;
}

/** One signed POST of a delivery, recorded as an attempt whatever came of it. */
export async function attemptDelivery(
  ctx: AppContext,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  trigger: 'auto' | 'resend',
): Promise<WebhookAnswer> {
  const now = new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify(delivery.payload);
  let answer: WebhookAnswer;
  let headers: Record<string, string> = {};
  try {
    headers = {
      'content-type': 'application/json',
      'user-agent': 'RopeCockpit-Webhooks/1',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(await signingSecrets(ctx, endpoint, now), delivery.messageId, timestamp, body),
    };
    answer = await postWebhook({
      url: endpoint.url,
      headers,
      body,
      policy: addressPolicyFor(ctx.env),
      timeoutMs: ctx.env.WEBHOOK_TIMEOUT_MS,
    });
  } catch (error) {
    // A secret that no longer opens (APP_SECRET changed) fails the attempt like an unreachable endpoint.
    answer = { ok: false, statusCode: null, responseBody: null, durationMs: 0, error: (error as Error).message };
  }
  await ctx.db.insert(webhookAttempts).values({
    deliveryId: delivery.id,
    attemptedAt: now,
    trigger,
    url: endpoint.url,
    requestHeaders: headers,
    statusCode: answer.statusCode,
    responseBody: answer.responseBody,
    durationMs: answer.durationMs,
    error: answer.error,
  });
  // One line per attempt, what an operator looks for: endpoint, delivery, attempt, result, duration; never the
  // payload, the headers or the signature.
  const line = {
    endpoint: endpoint.id,
    delivery: delivery.id,
    attempt: delivery.attempts + 1,
    trigger,
    result: answer.ok ? 'delivered' : 'failed',
    status: answer.statusCode,
    ms: answer.durationMs,
  };
  if (answer.ok) ctx.log.info(line, 'webhook delivered');
  else ctx.log.warn({ ...line, reason: answer.error }, 'webhook not delivered');
  return answer;
}
