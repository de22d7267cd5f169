import { mandators } from '@rope/db/schema/index';
import { type MandatorBody, mandatorBodySchema } from '@rope/domain/users/forms';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findMandator, inUse, toMandatorAnswer, withPasswordExpiry } from './internal.ts';

/** Any part of the mandator as GET answers it; the fields that really change are named in the audit entry. */
export async function updateMandator({
  ctx,
  actor,
  input,
  request,
}: ActionArgs<{ id: number; patch: Partial<MandatorBody> }>) {
  assertCan(actor, 'MANDATOR_MANAGE');
  const current = await findMandator(ctx, input.id);
  const stored = toMandatorAnswer(current, false);
  const { value, changed } = applyPatch({
    entity: 'mandator',
    current: { name: stored.name, passwordExpiryDays: stored.passwordExpiryDays },
    patch: input.patch,
    schema: mandatorBodySchema,
  });
  const changes = {
    name: value.name,
    settings: changed.includes('passwordExpiryDays')
      ? withPasswordExpiry(current.settings, value.passwordExpiryDays)
      : current.settings,
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(mandators).set(changes).where(eq(mandators.id, current.id)).returning();
    if (changed.length === 0) return updated!;
    await writeAudit(
      tx,
      {
        action: 'mandator.update',
        actorUserId: actor.userId,
        targetType: 'mandator',
        targetId: current.id,
        details: { fields: changed },
      },
      request,
    );
    return updated!;
  });
  const [usage] = await ctx.db
    .select({ used: sql<boolean>`${inUse(current.id)}` })
    .from(mandators)
    .where(eq(mandators.id, current.id));
  return { mandator: toMandatorAnswer(row, Boolean(usage?.used)) };
}
