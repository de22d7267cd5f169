import { timingSafeEqual } from 'node:crypto';
import { users } from '@rope/db/schema/index';
import { isUnsubscribeToken, type LinkCheckAnswer } from '@rope/domain/auth/rules';
import { message } from '@rope/domain/message';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../audit/write-audit.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { messageAnswer } from '../../http/message-answer.ts';
import { appSecret } from '../../infra/app-secret.ts';
import { unsubscribeToken } from '../../mail/unsubscribe-link.ts';

/** Whether the token is the one our mails carry for this address (compared in constant time). */
async function isValidUnsubscribe(ctx: AppContext, input: { email: string; token: string }): Promise<boolean> {
  const given = input.token.toLowerCase();
  const expected = unsubscribeToken(await appSecret(ctx), input.email);
  return isUnsubscribeToken(given) && timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}

/** POST /notification/unsubscribe/check: whether the page's link is one of ours; says nothing about accounts. */
export async function checkUnsubscribe({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { email: string; token: string };
}): Promise<LinkCheckAnswer> {
  return { valid: await isValidUnsubscribe(ctx, input) };
}

/** POST /notification/unsubscribe: a valid link switches notifications off; the answer never tells if it did. */
export async function unsubscribe({
  ctx,
  input,
  request,
}: {
  ctx: AppContext;
  input: { email: string; token: string };
  request: FastifyRequest;
}): Promise<{ message: string }> {
  if (!(await isValidUnsubscribe(ctx, input))) {
    throw new AppError('VALIDATION', message('auth.messages.unsubscribeInvalid'), {
      token: message('auth.messages.unsubscribeInvalid'),
    });
  }
  const changed = await ctx.db
    .update(users)
    .set({ notificationEnabled: false, unsubscribedAt: new Date() })
    .where(and(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()), eq(users.notificationEnabled, true)))
    .returning({ id: users.id });
  for (const { id } of changed) {
    await writeAudit(
      ctx.db,
      { action: 'user.unsubscribe', actorUserId: id, targetType: 'user', targetId: id },
      request,
    );
  }
  return messageAnswer('auth.messages.unsubscribed');
}
