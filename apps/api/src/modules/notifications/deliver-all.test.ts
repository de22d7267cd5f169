import { notificationDeliveries } from '@rope/db/schema/index';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNotification } from '../../../test/support/factories.ts';
import { buildPlace } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import type { Mail, Mailer } from '../../infra/mailer.ts';
import { deliverNotifications } from './deliver-all.ts';

/** A mailer refusing, for the time being, the addresses in `away`; `sent` keeps each accepted mail and when. */
function mailerWithout(away: Set<string>): Mailer & { sent: { mail: Mail; at: number }[] } {
  const sent: { mail: Mail; at: number }[] = [];
  return {
    sent,
    async send(mail) {
      if (away.has(mail.to)) throw Object.assign(new Error('421 Try again later'), { responseCode: 421 });
      sent.push({ mail, at: performance.now() });
    },
    async close() {},
  };
}

describe("a notification's deliveries in one job", () => {
  let t: TestApp;
  let place: Awaited<ReturnType<typeof buildPlace>>;
  beforeAll(async () => {
    t = await createTestApp();
    place = await buildPlace(t);
  });
  afterAll(() => t.close());

  async function notificationTo(count: number) {
    const people = [];
    for (let i = 0; i < count; i += 1) people.push(await place.person(['ROLE_USER']));
    const { deliveries } = await seedNotification(t.ctx.db, {
      installationId: place.installation.id,
      areaId: place.area.id,
      ropeId: place.rope.id,
      deliveries: people.map((person) => ({ userId: person.id })),
    });
    return { people, ids: deliveries.map((delivery) => delivery.id) };
  }
  const statuses = async (ids: number[]) =>
    (
      await t.ctx.db
        .select({ id: notificationDeliveries.id, status: notificationDeliveries.status })
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.id, ids))
        .orderBy(notificationDeliveries.id)
    ).map((row) => row.status);

  it('sends the others when one fails for now, and its retry sends only that one', async () => {
    const { people, ids } = await notificationTo(3);
    const away = new Set([people[1]!.email]);
    const mailer = mailerWithout(away);
    await expect(deliverNotifications({ ...t.ctx, mailer }, ids, 1)).rejects.toThrow('Try again later');
    expect(await statuses(ids)).toEqual(['sent', 'pending', 'sent']);
    expect(mailer.sent.map(({ mail }) => mail.to)).toEqual([people[0]!.email, people[2]!.email]);

    away.clear();
    await deliverNotifications({ ...t.ctx, mailer }, ids, 2);
    expect(await statuses(ids)).toEqual(['sent', 'sent', 'sent']);
    // Each recipient's mail once: the retry skipped the two sent.
    expect(mailer.sent.map(({ mail }) => mail.to)).toEqual([people[0]!.email, people[2]!.email, people[1]!.email]);
  });

  it('keeps to the delivery rate: what the window does not allow waits for the next', async () => {
    const { ids } = await notificationTo(5);
    const mailer = mailerWithout(new Set());
    const limit = { max: 2, durationMs: 400 };
    await deliverNotifications({ ...t.ctx, mailer }, ids, 1, limit);
    expect(await statuses(ids)).toEqual(Array(5).fill('sent'));
    const at = mailer.sent.map((sent) => sent.at);
    // Two a window: the fifth mail goes in the third window, at least two windows after the first began (less the
    // moment between the first window's start and the first send).
    expect(at[4]! - at[0]!).toBeGreaterThanOrEqual(2 * limit.durationMs - 150);
  });
});
