import { mandators } from '@rope/db/schema/index';
import type { MandatorBody } from '@rope/domain/user-forms';
import { eq, sql } from 'drizzle-orm';
import { writeAudit } from '../audit/write-audit.ts';
import { type ActionArgs, findMandator, inUse, toMandatorAnswer, withPasswordExpiry } from './internal.ts';

export async function updateMandator({
  ctx,
  actor,
  input,
  request,
}: ActionArgs<{ id: number; mandator: Partial<MandatorBody> }>) {
  const current = await findMandator(ctx, input.id);
  const changes = {
    name: input.mandator.name ?? current.name,
    settings: withPasswordExpiry(current.settings, input.mandator.passwordExpiryDays),
  };
  const fields = Object.keys(input.mandator).filter((key) => key === 'name' || key === 'passwordExpiryDays');
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(mandators).set(changes).where(eq(mandators.id, current.id)).returning();
    if (fields.length === 0) return updated!;
    await writeAudit(
      tx,
      {
        action: 'mandator.update',
        actorUserId: actor.userId,
        targetType: 'mandator',
        targetId: current.id,
        details: { fields },
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
