import { users } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { findVisibleUser } from './internal.ts';
import { pictureKeyOf } from './picture-key.ts';

/** Edit-any only; the user's sessions, keys and mandator links go with the row. */
export async function deleteUser({ ctx, actor, input, request }: ActionArgs<{ id: number }>) {
  assertCan(actor, 'USER_EDIT_ANY');
  if (input.id === actor.userId) throw new AppError('RULE_VIOLATION', message('app.errors.deleteOwnAccount'));
  const { row } = await findVisibleUser(ctx, actor, input.id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, row.id));
    await writeAudit(
      tx,
      {
        action: 'user.delete',
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: row.id,
        details: { email: row.email },
      },
      request,
    );
  });
  const pictureKey = pictureKeyOf(row.pictureUri);
  if (pictureKey) await ctx.storage.remove(pictureKey);
}
