import { isForeignKeyViolation } from '@rope/db/errors';
import { mandators } from '@rope/db/schema/index';
import { and, eq, not } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findMandator, inUse, MANDATOR_IN_USE } from './internal.ts';

/** Only a mandator no area and no user refers to. */
export async function deleteMandator({ ctx, actor, input, request }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'MANDATOR_MANAGE');
  const mandator = await findMandator(ctx, input.id);
  try {
    const deleted = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .delete(mandators)
        .where(and(eq(mandators.id, mandator.id), not(inUse(mandator.id))))
        .returning({ id: mandators.id });
      if (rows.length === 0) return false;
      await writeAudit(
        tx,
        {
          action: 'mandator.delete',
          actorUserId: actor.userId,
          targetType: 'mandator',
          targetId: mandator.id,
          details: { name: mandator.name },
        },
        request,
      );
      return true;
    });
    if (!deleted) throw new AppError('CONFLICT', MANDATOR_IN_USE);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', MANDATOR_IN_USE);
    throw error;
  }
}
