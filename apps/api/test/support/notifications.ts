import { notifications, ropes, users } from '@rope/db/schema/index';
import type { Role } from '@rope/domain/access/roles';
import type { NotificationSettings } from '@rope/domain/notifications/schemas';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedRope, seedUser } from './factories.ts';
import { signIn } from './sign-in.ts';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why Redis cannot be used, or undefined; under CI=true a missing Redis fails the run instead of skipping. */
export async function redisUnreachable(url = REDIS_URL): Promise<string | undefined> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    const reason = `Redis at ${url} is not reachable (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`CI needs Redis: ${reason}`);
    return reason;
  } finally {
    client.disconnect();
  }
}

/** Removes this test's BullMQ keys (its own prefix only) from the shared Redis. */
export async function deleteRedisKeys(url: string, prefix: string) {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length) await client.del(...(keys as string[]));
    }
  } finally {
    client.disconnect();
  }
}

/** The worked example's haul rope: its eight wire breaks take it to 54 % damage, 46 % health. */
export const HAUL_ROPE = WORKED_EXAMPLE_ROPE;

/** The worked example's wire breaks, in order: health falls from 100 below 50 on the way. */
export const WORKED_EXAMPLE: readonly (readonly [number, number])[] = [
  [100, 2],
  [100.1, 1],
  [100.5, 1],
  [101.2, 1],
  [106, 2],
  [110, 2],
  [113, 1],
  [118, 2],
];

export function damageBody(ropeId: number, position: number, damageCount: number) {
  return {
    ropeEvent: {
      rope: { id: ropeId },
      position,
      attributes: { timestamp: '2026-03-01T10:00:00Z', recordingType: 'damage', type: 'wireBreak', damageCount },
    },
  };
}

/** Posts one wire-break damage as the person of `cookie`; throws when it is refused. */
export async function postDamage(t: TestApp, cookie: string, ropeId: number, position: number, damageCount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie },
    payload: damageBody(ropeId, position, damageCount),
  });
  if (response.statusCode !== 200) throw new Error(`event refused: ${response.statusCode} ${response.body}`);
  return response.json() as { ropeEvent: { id: number }; ropeChanged: boolean };
}

/**
 * For one describe block: a test app that runs its jobs and mails to a real SMTP server on loopback, started before
 * the tests and stopped after them; `use` receives both once they run.
 */
export function useMailingApp(
  use: (started: { t: TestApp; smtp: TestSmtpServer }) => void,
  env: Record<string, string> = {},
) {
  let started: { t: TestApp; smtp: TestSmtpServer } | undefined;
  beforeAll(async () => {
    const smtp = await startTestSmtpServer();
    started = { smtp, t: await createTestApp(env, { smtpUrl: smtp.url, processJobs: true }) };
    use(started);
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.smtp.close();
  });
}

export const notificationsOf = (t: TestApp, installationId: number) =>
  t.ctx.db.select().from(notifications).where(eq(notifications.installationId, installationId));

export const mailsTo = (smtp: TestSmtpServer, email: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email.toLowerCase()));

/** A mandator with an area, a "Gondola Zermatt" installation and its "Haul rope", and people to act. */
export async function buildPlace(t: TestApp) {
  const mandator = await seedMandator(t.ctx.db);
  const area = await seedArea(t.ctx.db, mandator.id);
  const installation = await seedInstallation(t.ctx.db, area.id, 'Gondola Zermatt');
  const rope = await seedRope(t.ctx.db, installation.id, 'Haul rope');
  await t.ctx.db.update(ropes).set({ attributes: HAUL_ROPE }).where(eq(ropes.id, rope.id));
  const person = async (roles: Role[], mandatorIds = [mandator.id]) => {
    const user = await seedUser(t.ctx.db, { roles, mandatorIds });
    return { ...user, cookie: await signIn(t.ctx, user) };
  };
  return { mandator, area, installation, rope, person };
}

export async function configure(t: TestApp, installationId: number, settings: NotificationSettings, cookie: string) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/installations/${installationId}/notification-setting`,
    headers: { cookie },
    payload: { notificationSettings: settings },
  });
  if (response.statusCode !== 200) throw new Error(`settings refused: ${response.body}`);
}

/** Health below 50 %, told again after a recovery: the rule most tests watch. */
export const HEALTH_BELOW_HALF = { type: 'ropeHealth', threshold: 50, reset: true } as const;

/**
 * A place whose installation a client admin set up to tell Alice, by email unless told otherwise, of the rules (health
 * below half by default); the admin hears it too when `editorToo`.
 */
export async function watchedPlace(
  t: TestApp,
  {
    rules = [HEALTH_BELOW_HALF],
    channels = ['email'],
    editorToo = false,
  }: Partial<Pick<NotificationSettings, 'rules' | 'channels'>> & { editorToo?: boolean } = {},
) {
  const place = await buildPlace(t);
  const editor = await place.person(['ROLE_CLIENT_ADMIN']);
  const alice = await place.person(['ROLE_USER']);
  const users = editorToo ? [alice.id, editor.id] : [alice.id];
  await configure(t, place.installation.id, { channels, users, rules }, editor.cookie);
  return { place, editor, alice };
}

/** Posts the worked example's damages one by one until the rope's health is below `below`; answers the health. */
export async function damageUntilHealthBelow(t: TestApp, ropeId: number, cookie: string, below: number) {
  for (const [position, count] of WORKED_EXAMPLE) {
    await postDamage(t, cookie, ropeId, position, count);
    const health = await ropeHealth(t, ropeId);
    if (health !== null && health < below) return health;
  }
  throw new Error(`health never fell below ${below}`);
}

/** The stored health: 100 before any assessment, null while the damage cannot be computed (never read as 100). */
export async function ropeHealth(t: TestApp, ropeId: number): Promise<number | null> {
  const [rope] = await t.ctx.db.select({ damages: ropes.damages }).from(ropes).where(eq(ropes.id, ropeId));
  return rope?.damages ? rope.damages.health : 100;
}

export async function unsubscribe(t: TestApp, userId: number) {
  await t.ctx.db
    .update(users)
    .set({ notificationEnabled: false, unsubscribedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The delivery id a notification mail names in its reference line ("Referenz: delivery-<id>" in German). */
export function deliveryReference(text: string): number | undefined {
  const match = /: delivery-(\d+)$/m.exec(text);
  return match ? Number(match[1]) : undefined;
}
