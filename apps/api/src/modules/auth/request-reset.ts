import { users, userTokens } from '@rope/db/schema/index';
import { acceptsPasswordLogin, type ResetReason } from '@rope/domain/auth/rules';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { messageAnswer } from '../../http/message-answer.ts';
import { randomToken, sha256 } from '../../infra/crypto.ts';
import { issueUserToken, mayMailAddress } from './issue-user-token.ts';

interface Candidate {
  isActive: boolean;
  lastLoginAt: Date | null;
  roles: (typeof users.$inferSelect)['roles'];
  loginMethod: string;
}

/**
 * Reset is for active accounts; activation for accounts that were never used (not active, never signed in), so
 * a deactivated person cannot switch themselves back on.
 */
function mayReceive(user: Candidate, reason: ResetReason): boolean {
  if (!acceptsPasswordLogin(user)) return false;
  return reason === 'reset' ? user.isActive : !user.isActive && user.lastLoginAt === null;
}

/** POST /reset-password: mails a link when the account fits; the answer never tells whether it did. */
export async function requestReset({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { email: string; reason: ResetReason };
}): Promise<{ message: string }> {
  const [user] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      languageId: users.languageId,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
      roles: users.roles,
      loginMethod: users.loginMethod,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  if (user && mayReceive(user, input.reason)) {
    await issueUserToken(ctx, user, input.reason);
  } else {
    // Comparable database work, so the answer time does not tell a known address from an unknown one.
    await mayMailAddress(ctx.db, input.email);
    await ctx.db
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256(randomToken(32))));
  }
  return messageAnswer('auth.messages.resetRequested');
}
