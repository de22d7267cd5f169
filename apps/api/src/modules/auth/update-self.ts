import { users } from '@rope/db/schema/index';
import type { SelfUpdate } from '@rope/domain/auth/rules';
import type { SessionUser } from '@rope/domain/auth/session';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/app-error.ts';
import type { UserRow } from '../../session/load-actor.ts';
import type { RequestAuth } from '../../session/request-auth.ts';
import { buildSessionUser } from './build-session-user.ts';

/** PATCH /users/self: language and notifications only; role, mandators and the rest are not the person's to set. */
export async function updateSelf({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: RequestAuth;
  input: SelfUpdate;
}): Promise<SessionUser> {
  const { user, session } = auth;
  if (!user || !session) throw forbidden(message('app.errors.personOnly'));
  const values: Partial<UserRow> = {};
  if (input.languageId !== undefined) values.languageId = input.languageId;
  if (input.notificationEnabled !== undefined) {
    values.notificationEnabled = input.notificationEnabled;
    if (input.notificationEnabled) values.unsubscribedAt = null;
  }
  let updated = user;
  if (Object.keys(values).length > 0) {
    const [row] = await ctx.db.update(users).set(values).where(eq(users.id, user.id)).returning();
    if (row) updated = row;
  }
  return buildSessionUser(ctx.db, updated, session);
}
