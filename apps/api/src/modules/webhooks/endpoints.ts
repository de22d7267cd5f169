import { queryRows } from '@rope/db/client';
import { webhookEndpoints } from '@rope/db/schema/index';
import { visibleMandators } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { WEBHOOK_ENDPOINTS_PER_MANDATOR, WEBHOOK_SECRET_GRACE_MS } from '@rope/domain/webhooks/rules';
import type { WebhookEndpointCreate, WebhookEndpointPatch } from '@rope/domain/webhooks/schemas';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError, validationError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { randomToken } from '../../infra/crypto.ts';
import { jobRequest } from '../../infra/queue/define.ts';
import type { ActionArgs } from '../action-args.ts';
import { addressPolicyFor, refusedUrl } from './address-policy.ts';
import { drainWebhookJob } from './drain.ts';
import { assertVisibleMandator, type EndpointRow, findVisibleEndpoint } from './find-endpoint.ts';
import { newWebhookSecret, sealSecret } from './secrets.ts';
import { endpointViewOf } from './views.ts';

interface FiguresRow extends Record<string, unknown> {
  endpoint_id: number;
  pending: number;
  last_delivery_at: Date | string | null;
}

async function viewsOf(ctx: AppContext, rows: EndpointRow[]) {
  const ids = rows.map((row) => row.id);
  const figures = ids.length
    ? await queryRows<FiguresRow>(
        ctx.db,
        sql`select endpoint_id, count(*) filter (where status = 'pending')::int as pending,
              max(delivered_at) as last_delivery_at
            from webhook_deliveries where endpoint_id in ${ids} group by endpoint_id`,
      )
    : [];
  const byId = new Map(figures.map((row) => [Number(row.endpoint_id), row]));
  return rows.map((row) => {
    const figure = byId.get(row.id);
    return endpointViewOf(row, {
      pendingDeliveries: Number(figure?.pending ?? 0),
      lastDeliveryAt: figure?.last_delivery_at ? new Date(figure.last_delivery_at) : null,
    });
  });
}

const viewOf = async (ctx: AppContext, row: EndpointRow) => (await viewsOf(ctx, [row]))[0]!;

function assertUrl(ctx: AppContext, url: string) {
  const refusal = refusedUrl(url, addressPolicyFor(ctx.env));
  if (refusal) throw validationError({ 'endpoint.url': message(refusal as Parameters<typeof message>[0]) });
}

/** The endpoints of the mandators the actor sees (one mandator's with `mandatorId`), oldest first. */
export async function listWebhookEndpoints(args: ActionArgs<{ mandatorId?: number }>) {
  const { ctx, actor, input } = args;
  assertCan(actor, 'WEBHOOK_MANAGE');
  const visible = visibleMandators(actor);
  const conditions = [
    visible === 'all' ? undefined : inArray(webhookEndpoints.mandatorId, visible.length ? [...visible] : [0]),
    input.mandatorId === undefined ? undefined : eq(webhookEndpoints.mandatorId, input.mandatorId),
  ];
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(...conditions))
    .orderBy(webhookEndpoints.id);
  return { endpoints: await viewsOf(ctx, rows) };
}

export async function getWebhookEndpoint(args: ActionArgs<{ id: number }>) {
  const row = await findVisibleEndpoint(args.ctx, args.actor, args.input.id);
  return { endpoint: await viewOf(args.ctx, row) };
}

/** A new endpoint, owned by its maker; its secret is answered this once and kept sealed. */
export async function createWebhookEndpoint(args: ActionArgs<{ endpoint: WebhookEndpointCreate }>) {
  const { ctx, actor, request } = args;
  const input = args.input.endpoint;
  await assertVisibleMandator(ctx, actor, input.mandatorId);
  assertUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const secretSealed = await sealSecret(ctx, secret);
  const row = await ctx.db.transaction(async (tx) => {
    // One writer per mandator at a time, so two simultaneous creations cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook-endpoints'), ${input.mandatorId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.mandatorId, input.mandatorId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_PER_MANDATOR) {
      throw new AppError('RULE_VIOLATION', message('app.errors.webhookLimit', { max: WEBHOOK_ENDPOINTS_PER_MANDATOR }));
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        mandatorId: input.mandatorId,
        ownerUserId: actor.userId,
        url: input.url,
        description: input.description ?? '',
        eventTypes: [...new Set(input.eventTypes)],
        secretSealed,
      })
      .returning();
    await writeAudit(
      tx,
      { action: 'webhook.create', targetType: 'webhookEndpoint', targetId: created!.id, details: { url: input.url } },
      request,
    );
    return created!;
  });
  return { endpoint: await viewOf(ctx, row), secret };
}

/** PATCH: what is sent changes. Enabling again sends the deliveries that waited, in their order. */
export async function updateWebhookEndpoint(
  args: ActionArgs<{ id: number; endpoint: WebhookEndpointPatch & { mandatorId?: number } }>,
) {
  const { ctx, actor, request } = args;
  const patch = args.input.endpoint;
  const row = await findVisibleEndpoint(ctx, actor, args.input.id);
  if (patch.mandatorId !== undefined && patch.mandatorId !== row.mandatorId) {
    throw new AppError('RULE_VIOLATION', message('app.errors.webhookMandatorFixed'));
  }
  if (patch.url !== undefined) assertUrl(ctx, patch.url);
  const enabling = patch.enabled === true && !row.enabled;
  const disabling = patch.enabled === false && row.enabled;
  const sameTypes = (types: string[]) =>
    types.length === row.eventTypes.length && types.every((type) => row.eventTypes.includes(type));
  const unchanged =
    !enabling &&
    !disabling &&
    (patch.url === undefined || patch.url === row.url) &&
    (patch.description === undefined || patch.description === row.description) &&
    (patch.eventTypes === undefined || sameTypes([...new Set(patch.eventTypes)]));
  // What a read returns, written back, changes nothing (not even the time of the last change).
  if (unchanged) return { endpoint: await viewOf(ctx, row) };
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        ...(patch.url === undefined ? {} : { url: patch.url }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.eventTypes === undefined ? {} : { eventTypes: [...new Set(patch.eventTypes)] }),
        ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'manual' as const, disabledAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, row.id))
      .returning();
    await writeAudit(
      tx,
      {
        action: enabling ? 'webhook.enable' : disabling ? 'webhook.disable' : 'webhook.update',
        targetType: 'webhookEndpoint',
        targetId: row.id,
        details: { url: changed!.url },
      },
      request,
    );
    if (enabling) {
      const key = `webhook-drain:${row.id}:enabled:${randomToken(12)}`;
      await ctx.queue.enqueue(jobRequest(drainWebhookJob, { endpointId: row.id }, key), tx);
    }
    return changed!;
  });
  return { endpoint: await viewOf(ctx, updated) };
}

/** Deletes the endpoint with its deliveries; what was not sent is not sent. */
export async function removeWebhookEndpoint(args: ActionArgs<{ id: number }>) {
  const { ctx, actor, request } = args;
  const row = await findVisibleEndpoint(ctx, actor, args.input.id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    await writeAudit(
      tx,
      { action: 'webhook.delete', targetType: 'webhookEndpoint', targetId: row.id, details: { url: row.url } },
      request,
    );
  });
}

/**
 * A new secret, answered this once. The old one keeps signing beside it for WEBHOOK_SECRET_GRACE_MS, so a receiver
 * verifies every delivery while it switches over (the signature header carries both).
 */
export async function rotateWebhookSecret(args: ActionArgs<{ id: number }>) {
  const { ctx, actor, request } = args;
  const row = await findVisibleEndpoint(ctx, actor, args.input.id);
  const secret = newWebhookSecret();
  const secretSealed = await sealSecret(ctx, secret);
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed,
        previousSecretSealed: row.secretSealed,
        previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_SECRET_GRACE_MS),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, row.id))
      .returning();
    await writeAudit(tx, { action: 'webhook.rotateSecret', targetType: 'webhookEndpoint', targetId: row.id }, request);
    return changed!;
  });
  return { endpoint: await viewOf(ctx, updated), secret };
}
