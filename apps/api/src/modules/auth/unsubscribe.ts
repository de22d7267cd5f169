import { timingSafeEqual } from 'node:crypto';
import { users } from '@rope/db/schema/index';
import { AUTH_MESSAGES } from '@rope/domain/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { writeAudit } from '../audit/write-audit.ts';
import { appSecret } from './app-secret.ts';
import { unsubscribeToken } from './unsubscribe-link.ts';

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
  const given = input.token.toLowerCase();
  const expected = unsubscribeToken(await appSecret(ctx), input.email);
  if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
    throw new AppError('VALIDATION', AUTH_MESSAGES.unsubscribeInvalid, { token: AUTH_MESSAGES.unsubscribeInvalid });
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
  return { message: AUTH_MESSAGES.unsubscribed };
}
