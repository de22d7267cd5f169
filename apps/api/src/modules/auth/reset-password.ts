import { sessions, users, userTokens } from '@rope/db/schema/index';
import { passwordSchema } from '@rope/domain/auth/passwords';
import { isAlphanumericToken, type LinkCheckAnswer } from '@rope/domain/auth/rules';
import { message } from '@rope/domain/message';
import { issueMessage } from '@rope/domain/messages';
import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { messageAnswer } from '../../http/message-answer.ts';
import { hashPassword, sha256 } from '../../infra/crypto.ts';
import { clearThrottle, throttleKeys } from './throttle.ts';

const failed = () => new AppError('VALIDATION', message('auth.messages.resetFailed'));

/** A reset or activation token (never a sign-in link's) that is unused and not expired; looked up by its hash. */
function usableResetToken(token: string): SQL | undefined {
  return and(
    eq(userTokens.tokenHash, sha256(token)),
    inArray(userTokens.kind, ['reset', 'activate']),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );
}

/**
 * GET /reset-password/reset/{token}: whether the reset page's link would still set a password, so an unknown,
 * used or expired link says so at once. The same rule as the reset itself, including a deactivated account.
 */
export async function checkResetToken({ ctx, token }: { ctx: AppContext; token: string }): Promise<LinkCheckAnswer> {
  if (!isAlphanumericToken(token)) return { valid: false };
  const [found] = await ctx.db
    .select({ kind: userTokens.kind, isActive: users.isActive })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(usableResetToken(token));
  return { valid: Boolean(found && (found.kind !== 'reset' || found.isActive)) };
}

/** POST /reset-password/reset/{token}: a valid unused token sets the password once and ends all sessions. */
export async function resetPassword({
  ctx,
  input,
  request,
}: {
  ctx: AppContext;
  input: { token: string; password: string };
  request: FastifyRequest;
}): Promise<{ message: string }> {
  const checked = passwordSchema.safeParse(input.password);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const problem = { ...issueMessage(issue), text: issue.message };
    throw new AppError('VALIDATION', problem, { password: problem });
  }
  if (!isAlphanumericToken(input.token)) throw failed();
  const usable = usableResetToken(input.token);
  // Look first, hash after: a wrong token must not cost an argon2 run.
  const [found] = await ctx.db.select({ id: userTokens.id }).from(userTokens).where(usable);
  if (!found) throw failed();
  const passwordHash = await hashPassword(checked.data);
  const user = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [token] = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(usable)
      .returning({ userId: userTokens.userId, kind: userTokens.kind });
    if (!token) return undefined;
    const [row] = await tx
      .select({ id: users.id, email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, token.userId));
    // Deactivated after the link was sent: the reset link must not switch the account back on.
    if (!row || (token.kind === 'reset' && !row.isActive)) return undefined;
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, isActive: true }).where(eq(users.id, row.id));
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, row.id), isNull(userTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    return { ...row, kind: token.kind };
  });
  if (!user) throw failed();
  await clearThrottle(ctx.db, throttleKeys.loginAccount(user.email));
  await writeAudit(
    ctx.db,
    { action: `user.password.${user.kind}`, actorUserId: user.id, targetType: 'user', targetId: user.id },
    request,
  );
  return messageAnswer('auth.messages.resetDone');
}
