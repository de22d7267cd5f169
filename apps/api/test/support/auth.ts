import type { Db } from '@rope/db/client';
import { auditLog, outbox, sessions } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TEST_PASSWORD } from './factories.ts';

export function postLogin(
  app: FastifyInstance,
  username: string,
  password = TEST_PASSWORD,
  extra: { cookie?: string; ip?: string; live?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/login/json',
    payload: { username, password, ...(extra.live === undefined ? {} : { live: extra.live }) },
    headers: {
      ...(extra.cookie ? { cookie: extra.cookie } : {}),
      ...(extra.ip ? { 'x-forwarded-for': extra.ip } : {}),
    },
  });
}

export function checkLogin(app: FastifyInstance, cookie?: string) {
  return app.inject({ method: 'POST', url: '/api/login/check', headers: cookie ? { cookie } : {} });
}

export function sendCode(app: FastifyInstance, cookie: string, authCode: string) {
  return app.inject({ method: 'POST', url: '/api/login/2fa', headers: { cookie }, payload: { data: { authCode } } });
}

/** Mail jobs written to the outbox (jobs are not processed unless the test app runs them). */
export async function queuedMails(db: Db) {
  const rows = await db.select().from(outbox).where(eq(outbox.queue, 'mail'));
  return rows.map((row) => row.payload as { to: string; subject: string; text: string; link?: string });
}

export async function auditActions(db: Db, userId: number): Promise<string[]> {
  const rows = await db.select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

export async function sessionCount(db: Db, userId: number): Promise<number> {
  return (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}
