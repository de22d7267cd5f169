import { mandators } from '@rope/db/schema/index';
import type { MandatorBody } from '@rope/domain/users/forms';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { toMandatorAnswer, withPasswordExpiry } from './internal.ts';

export async function createMandator({ ctx, actor, input, request }: ActionArgs<MandatorBody>) {
  assertCan(actor, 'MANDATOR_MANAGE');
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(mandators)
      .values({ name: input.name, settings: withPasswordExpiry({}, input.passwordExpiryDays) })
      .returning();
    await writeAudit(
      tx,
      { action: 'mandator.create', actorUserId: actor.userId, targetType: 'mandator', targetId: created!.id },
      request,
    );
    return created!;
  });
  return { mandator: toMandatorAnswer(row, false) };
}
