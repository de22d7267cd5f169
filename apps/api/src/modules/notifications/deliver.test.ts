import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationDeliveries, notifications, users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNotification } from '../../../test/support/factories.ts';
import { captureLog } from '../../../test/support/log-capture.ts';
import { buildPlace, unsubscribe } from '../../../test/support/notifications.ts';
import { startTestSmtpServer } from '../../../test/support/smtp-server.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createSmtpMailer, type Mail, type Mailer } from '../../infra/mailer.ts';
import { createHttpSms } from '../../infra/sms/gateway.ts';
import { deliverNotification, deliveryMessageId } from './deliver.ts';
import { DELIVERY_MAX_ATTEMPTS } from './delivery-limits.ts';

/** A mailer that answers each send with the next scripted outcome; `tried` keeps every mail, `sent` the accepted. */
function scriptedMailer(outcomes: (Error | 'ok')[]): Mailer & { sent: Mail[]; tried: Mail[] } {
  const sent: Mail[] = [];
  const tried: Mail[] = [];
  return {
    sent,
    tried,
    async send(mail) {
      tried.push(mail);
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
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({}, { logStream: log.stream });
    place = await buildPlace(t);
  });
  afterAll(() => t.close());

  async function newDelivery(channel: 'email' | 'sms' = 'email') {
    const person = await place.person(['ROLE_USER']);
    const notification = await seedNotification(t.ctx.db, {
      installationId: place.installation.id,
      areaId: place.area.id,
      ropeId: place.rope.id,
      deliveries: [{ userId: person.id, channel }],
    });
    return { person, id: notification.deliveries[0]!.id };
  }
  const run = (mailer: Mailer, deliveryId: number, attempt = 1) =>
    deliverNotification({ ...t.ctx, mailer }, deliveryId, attempt);
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
    expect(mailer.sent[0]!.text).toContain(`Referenz: delivery-${id}`);
    expect(new Set(mailer.tried.map((mail) => mail.messageId))).toEqual(new Set([mailer.sent[0]!.messageId]));

    // One log line per attempt, by delivery id, with what came of it; never the recipient's address.
    const lines = log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.delivery === id);
    expect(lines.map(({ msg, channel, attempt, result }) => ({ msg, channel, attempt, result }))).toEqual([
      { msg: 'notification not delivered', channel: 'email', attempt: 1, result: 'retry' },
      { msg: 'notification not delivered', channel: 'email', attempt: 2, result: 'retry' },
      { msg: 'notification delivered', channel: 'email', attempt: 3, result: 'sent' },
    ]);
    expect(lines[0]).toMatchObject({ level: 40, reason: 'Try again later' });
    expect(lines[2]).toMatchObject({ level: 30, ms: expect.any(Number) });
    expect(log.logged()).not.toContain(mailer.sent[0]!.to);
  });

  it('marks a permanent refusal failed with the error, without retrying', async () => {
    const { id, person } = await newDelivery();
    const refusal = `550 5.1.1 <${person.email}>: No such mailbox`;
    await run(scriptedMailer([smtpError(refusal, 550)]), id);
    const state = await stateOf(id);
    expect(state).toMatchObject({ status: 'failed', lastError: refusal, sentAt: null });
    // The log says why without whom: the server quoted the address.
    const line = log
      .logged()
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((logged) => logged.delivery === id);
    expect(line).toMatchObject({ msg: 'notification not delivered', reason: '550 5.1.1 <<address>>: No such mailbox' });
    expect(log.logged()).not.toContain(person.email);
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

  it('sends again, under the same Message-ID, a delivery whose earlier attempt died between accept and mark', async () => {
    const { id } = await newDelivery();
    // The first attempt's mail is accepted, then its process "dies": the send never returns, nothing marks it sent.
    let accept!: (mail: Mail) => void;
    const accepted = new Promise<Mail>((resolve) => {
      accept = resolve;
    });
    const dying: Mailer = {
      send: (mail) => {
        accept(mail);
        return new Promise<void>(() => {});
      },
      close: async () => {},
    };
    void run(dying, id, 1);
    const first = await accepted;
    expect(await stateOf(id)).toMatchObject({ status: 'sending', attempts: 1 });

    const mailer = scriptedMailer([]);
    await run(mailer, id, 2);
    expect(mailer.sent).toHaveLength(1);
    expect(await stateOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    const [{ triggeredAt }] = (await t.ctx.db
      .select({ triggeredAt: notifications.triggeredAt })
      .from(notifications)
      .innerJoin(notificationDeliveries, eq(notificationDeliveries.notificationId, notifications.id))
      .where(eq(notificationDeliveries.id, id))) as [{ triggeredAt: Date }];
    const expected = await deliveryMessageId(t.ctx, { id, triggeredAt });
    expect(expected).toMatch(new RegExp(`^<delivery-${id}\\.[0-9a-f]{16}@localhost>$`));
    expect(first.messageId).toBe(expected);
    expect(mailer.sent[0]!.messageId).toBe(expected);

    const again = scriptedMailer([]);
    await run(again, id, 3);
    expect(again.tried).toEqual([]);
  });

  it('derives the Message-ID from the delivery, its notification time, the secret and the public host', async () => {
    const triggeredAt = new Date('2026-03-01T10:00:00.000Z');
    const env = { ...t.ctx.env, APP_SECRET: 'a'.repeat(40), PUBLIC_URL: 'https://cockpit.example.com' };
    const idOf = (e: typeof env, delivery: { id: number; triggeredAt: Date }) =>
      deliveryMessageId({ db: t.ctx.db, env: e }, delivery);
    const one = await idOf(env, { id: 7, triggeredAt });
    expect(one).toMatch(/^<delivery-7\.[0-9a-f]{16}@cockpit\.example\.com>$/);
    expect(await idOf(env, { id: 7, triggeredAt: new Date(triggeredAt.getTime()) })).toBe(one);
    const others = [
      await idOf(env, { id: 8, triggeredAt }),
      // A database rebuilt from scratch reuses delivery ids, never with the same notification time.
      await idOf(env, { id: 7, triggeredAt: new Date(triggeredAt.getTime() + 1) }),
      await idOf({ ...env, APP_SECRET: 'b'.repeat(40) }, { id: 7, triggeredAt }),
    ];
    expect(new Set([one, ...others]).size).toBe(4);
  });

  it('puts the Message-ID on the mail the SMTP server receives', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer(smtp.url, t.ctx.env.MAIL_FROM);
    try {
      const { id, person } = await newDelivery();
      await run(mailer, id);
      const mail = await smtp.waitFor(person.email);
      expect(mail.messageId).toMatch(new RegExp(`^<delivery-${id}\\.[0-9a-f]{16}@localhost>$`));
      expect(mail.text).toContain(`Referenz: delivery-${id}`);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('gives an SMS gateway the same idempotency key on every attempt of a delivery', async () => {
    const { id, person } = await newDelivery('sms');
    await t.ctx.db.update(users).set({ phone: '+41 79 000 00 00' }).where(eq(users.id, person.id));
    const received: { key: string | undefined; body: { to: string; reference: string } }[] = [];
    const statuses = [503, 200];
    const gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ key: request.headers['idempotency-key'] as string | undefined, body: JSON.parse(body) });
        response.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = gateway.address() as AddressInfo;
      const sms = createHttpSms(`http://127.0.0.1:${port}/sms`);
      const job = (attempt: number) => deliverNotification({ ...t.ctx, sms }, id, attempt);
      await expect(job(1)).rejects.toThrow('SMS gateway answered 503');
      await job(2);
      expect(await stateOf(id)).toMatchObject({ status: 'sent' });
      expect(received).toHaveLength(2);
      expect(received[0]!.key).toMatch(new RegExp(`^sms:delivery-${id}\\.[0-9a-f]{16}@`));
      expect(received[1]!.key).toBe(received[0]!.key);
      // A number saved before the cockpit kept them in E.164 goes out in E.164.
      expect(received[1]!.body).toMatchObject({ to: '+41790000000', reference: received[0]!.key });
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('fails an SMS delivery at once, without a retry, when the saved number is none', async () => {
    const { id, person } = await newDelivery('sms');
    // Saved before numbers were checked: no country code.
    await t.ctx.db.update(users).set({ phone: '079 000 00 00' }).where(eq(users.id, person.id));
    const sms = createHttpSms('http://127.0.0.1:1/sms');
    await deliverNotification({ ...t.ctx, sms }, id, 1);
    expect(await stateOf(id)).toMatchObject({
      status: 'failed',
      lastError: '"079 000 00 00" is not a phone number with its country code',
    });
  });

  it('fails an SMS delivery to a recipient without a phone number', async () => {
    const { id } = await newDelivery('sms');
    await run(scriptedMailer([]), id);
    expect(await stateOf(id)).toMatchObject({ status: 'failed', lastError: 'Recipient has no phone number' });
  });
});
