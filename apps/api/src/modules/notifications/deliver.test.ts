import { notificationDeliveries, notifications } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../../infra/mailer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { processDelivery } from './deliver.ts';
import { DELIVERY_MAX_ATTEMPTS, JOB_DELIVER } from './queues.ts';
import { buildPlace, unsubscribe } from './test-support.ts';

/** A mailer that answers each send with the next scripted outcome. */
function scriptedMailer(outcomes: (Error | 'ok')[]): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
      sent.push(mail);
    },
    async close() {},
  };
}

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

describe('deliveries', () => {
  let t: TestApp;
  let place: Awaited<ReturnType<typeof buildPlace>>;
  beforeAll(async () => {
    t = await createTestApp();
    place = await buildPlace(t);
  });
  afterAll(() => t.close());

  async function newDelivery(channel: 'email' | 'sms' = 'email') {
    const person = await place.person(['ROLE_USER']);
    const [notification] = await t.ctx.db
      .insert(notifications)
      .values({
        installationId: place.installation.id,
        areaId: place.area.id,
        ropeId: place.rope.id,
        type: 'damage',
        text: 'New damage event',
        idempotencyKey: `deliver-test-${person.id}`,
      })
      .returning();
    const [delivery] = await t.ctx.db
      .insert(notificationDeliveries)
      .values({ notificationId: notification!.id, userId: person.id, channel })
      .returning();
    return { person, id: delivery!.id };
  }
  const run = (mailer: Mailer, deliveryId: number, attempt = 1) =>
    processDelivery({ ...t.ctx, mailer })({
      id: 1,
      queue: 'deliveries',
      name: JOB_DELIVER,
      payload: { deliveryId },
      idempotencyKey: `deliver:${deliveryId}`,
      attempt,
    });
  const stateOf = async (id: number) =>
    (await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id)))[0]!;

  it('retries a temporary failure and marks the delivery sent once it goes through', async () => {
    const { id } = await newDelivery();
    const mailer = scriptedMailer([smtpError('Try again later', 421), new Error('connect ECONNREFUSED'), 'ok']);
    await expect(run(mailer, id, 1)).rejects.toThrow('Try again later');
    expect(await stateOf(id)).toMatchObject({ status: 'pending', lastError: 'Try again later', attempts: 1 });
    await expect(run(mailer, id, 2)).rejects.toThrow('ECONNREFUSED');
    await run(mailer, id, 3);
    expect(await stateOf(id)).toMatchObject({ status: 'sent', lastError: null, attempts: 3 });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.text).toContain(`Reference: delivery-${id}`);
  });

  it('marks a permanent refusal failed with the error, without retrying', async () => {
    const { id } = await newDelivery();
    await run(scriptedMailer([smtpError('550 No such mailbox', 550)]), id);
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: 'failed', lastError: '550 No such mailbox', sentAt: null });
    const again = scriptedMailer([]);
    await run(again, id);
    expect(again.sent).toEqual([]);
  });

  it('marks the delivery failed when the last attempt fails', async () => {
    const { id } = await newDelivery();
    await run(scriptedMailer([new Error('timeout')]), id, DELIVERY_MAX_ATTEMPTS);
    expect(await stateOf(id)).toMatchObject({ status: 'failed', lastError: 'timeout' });
  });

  it('sends nothing to someone who unsubscribed after the notification was written', async () => {
    const { id, person } = await newDelivery();
    await unsubscribe(t, person.id);
    const mailer = scriptedMailer([]);
    await run(mailer, id);
    expect(mailer.sent).toEqual([]);
    expect(await stateOf(id)).toMatchObject({ status: 'failed', lastError: 'Recipient unsubscribed before sending' });
  });

  it('sends again a delivery whose earlier attempt died between claim and mark (at-least-once)', async () => {
    const { id } = await newDelivery();
    await t.ctx.db
      .update(notificationDeliveries)
      .set({ status: 'sending' as 'pending', attempts: 1 })
      .where(eq(notificationDeliveries.id, id));
    const mailer = scriptedMailer([]);
    await run(mailer, id, 2);
    expect(mailer.sent).toHaveLength(1);
    expect(await stateOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('fails an SMS delivery to a recipient without a phone number', async () => {
    const { id } = await newDelivery('sms');
    await run(scriptedMailer([]), id);
    expect(await stateOf(id)).toMatchObject({ status: 'failed', lastError: 'Recipient has no phone number' });
  });
});
