import { auditLog, mandators, userMandators, users } from '@rope/db/schema/index';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app.ts';

/** Raw JSON text, so keys like __proto__ reach the server as sent. */
export type Body = string | object;

export type Method = 'POST' | 'PATCH' | 'GET' | 'DELETE';

export const long = (n: number) => 'x'.repeat(n);

async function snapshot(t: TestApp) {
  const db = t.ctx.db;
  return JSON.stringify([
    await db.select().from(users).orderBy(asc(users.id)),
    await db.select().from(userMandators).orderBy(asc(userMandators.userId), asc(userMandators.mandatorId)),
    await db.select().from(mandators).orderBy(asc(mandators.id)),
    (await db.select().from(auditLog)).length,
  ]);
}

/** The call answers a 4xx in the error shape and leaves users, their mandators, mandators and the audit log as they were. */
export async function expectRefusedAndUnchanged(
  t: TestApp,
  method: Method,
  url: string,
  cookie: string,
  body?: Body,
  contentType = 'application/json',
) {
  const before = await snapshot(t);
  const response = await t.app.inject({
    method,
    url,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': contentType }) },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  const answer = response.json();
  expect(typeof answer.code).toBe('string');
  expect(answer.message.length).toBeGreaterThan(0);
  expect(await snapshot(t)).toBe(before);
  return response;
}
