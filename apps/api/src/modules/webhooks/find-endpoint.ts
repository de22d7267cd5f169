import { mandators, webhookEndpoints } from '@rope/db/schema/index';
import { type Actor, seesMandator } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint of a mandator the actor sees; another's answers exactly like a missing one. */
export async function findVisibleEndpoint(ctx: AppContext, actor: Actor, id: number): Promise<EndpointRow> {
  assertCan(actor, 'WEBHOOK_MANAGE');
  const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row || !seesMandator(actor, row.mandatorId)) throw notFound(message('app.errors.webhookNotFound'));
  return row;
}

/** A mandator the actor sees, for a new endpoint. */
export async function assertVisibleMandator(ctx: AppContext, actor: Actor, mandatorId: number): Promise<void> {
  assertCan(actor, 'WEBHOOK_MANAGE');
  const [row] = await ctx.db.select({ id: mandators.id }).from(mandators).where(eq(mandators.id, mandatorId));
  if (!row || !seesMandator(actor, mandatorId)) throw notFound(message('app.errors.mandatorNotFound'));
}
