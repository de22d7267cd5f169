import {
  auditLog,
  outbox,
  userMandators,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '@rope/db/schema/index';
import { WEBHOOK_RETRY_DELAYS_MS } from '@rope/domain/webhooks/rules';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { captureLog } from '../../../test/support/log-capture.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { readPayload } from '../../infra/queue/define.ts';
import { JOBS } from '../../jobs/registry.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

// The queue's jobs are run here one by one (runWebhookJobs), so each retry happens when the test moves time on.
describe('webhook retries', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let receiver: Receiver;
  let ropeId: number;
  let mandatorId: number;
  const log = captureLog();

  /** Runs the webhook jobs that are due, as the queue would, until none is left. */
  async function runWebhookJobs() {
    for (;;) {
      const due = await t.ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.queue, 'webhooks'), isNull(outbox.dispatchedAt), lte(outbox.availableAt, sql`now()`)))
        .orderBy(asc(outbox.id));
      if (due.length === 0) return;
      for (const row of due) {
        const definition = JOBS.find((job) => job.queue === row.queue && job.name === row.name)!;
        await definition.handle(t.ctx, readPayload(definition, row.payload), {
          id: row.id,
          queue: row.queue,
          name: row.name,
          payload: row.payload,
          idempotencyKey: row.idempotencyKey,
          attempt: 1,
        });
        await t.ctx.db.update(outbox).set({ dispatchedAt: new Date() }).where(eq(outbox.id, row.id));
      }
    }
  }
  /** Moves the endpoint's planned retries to now. */
  async function retriesDueNow() {
    await t.ctx.db.update(webhookDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await t.ctx.db.update(outbox).set({ availableAt: sql`now()` }).where(isNull(outbox.dispatchedAt));
  }
  const deliveriesOf = (endpointId: number) =>
    t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(webhookDeliveries.id);
  const recordEvent = async (position: number) => {
    const answer = await cast.call('client', 'POST', '/events', {
      ropeEvent: {
        rope: { id: ropeId },
        position,
        attributes: { timestamp: '2026-03-01T10:00:00Z', recordingType: 'damage', type: 'wireBreak', damageCount: 1 },
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const register = async (path: string, who = 'clientAdmin') => {
    const answer = await cast.call(who, 'POST', '/webhooks', {
      endpoint: { mandatorId, url: receiver.url(path), eventTypes: ['rope_event.created'] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { endpoint: { id: number } }).endpoint.id;
  };
  const pathsReceived = (path: string) => receiver.received.filter((request) => request.path === path);

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_TIMEOUT_MS: '300' }, { logStream: log.stream });
    cast = createCast(t);
    receiver = await startWebhookReceiver();
    mandatorId = (await seedMandator(t.ctx.db)).id;
    ropeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandatorId)).id)).id)
    ).id;
    await cast.add('clientAdmin', ['ROLE_CLIENT_ADMIN'], [mandatorId]);
    await cast.add('client', ['ROLE_USER'], [mandatorId]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('retries after a 500 and a timeout with growing waits, the later delivery waiting behind in order', async () => {
    const endpointId = await register('/flaky');
    receiver.plan('/flaky', { status: 500 });
    await recordEvent(10);
    await recordEvent(11);
    await runWebhookJobs();
    let [first, second] = await deliveriesOf(endpointId);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const wait = first!.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(WEBHOOK_RETRY_DELAYS_MS[0] - 2000);
    expect(wait).toBeLessThanOrEqual(WEBHOOK_RETRY_DELAYS_MS[0]);
    expect(second).toMatchObject({ status: 'pending', attempts: 0 });
    expect(pathsReceived('/flaky')).toHaveLength(1);

    receiver.plan('/flaky', { status: 200, delayMs: 1500 });
    await retriesDueNow();
    await runWebhookJobs();
    [first, second] = await deliveriesOf(endpointId);
    expect(first).toMatchObject({ status: 'pending', attempts: 2, lastError: 'timed out after 300 ms' });
    expect(first!.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(WEBHOOK_RETRY_DELAYS_MS[1] - 2000);
    expect(second!.attempts).toBe(0);

    await retriesDueNow();
    await runWebhookJobs();
    [first, second] = await deliveriesOf(endpointId);
    expect(first).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(second).toMatchObject({ status: 'delivered', attempts: 1 });
    const ids = pathsReceived('/flaky').map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([first!.messageId, first!.messageId, first!.messageId, second!.messageId]);
    const attempts = await t.ctx.db
      .select({ statusCode: webhookAttempts.statusCode, error: webhookAttempts.error })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, first!.id))
      .orderBy(webhookAttempts.id);
    expect(attempts.map((attempt) => attempt.error)).toEqual(['answered 500', 'timed out after 300 ms', null]);

    // The log: one line per attempt, what an operator looks for, without the payload, headers or signature.
    const lines = log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.endpoint === endpointId);
    expect(
      lines.map(({ msg, delivery, attempt, result, status }) => ({ msg, delivery, attempt, result, status })),
    ).toEqual([
      { msg: 'webhook not delivered', delivery: first!.id, attempt: 1, result: 'failed', status: 500 },
      { msg: 'webhook not delivered', delivery: first!.id, attempt: 2, result: 'failed', status: null },
      { msg: 'webhook delivered', delivery: first!.id, attempt: 3, result: 'delivered', status: 200 },
      { msg: 'webhook delivered', delivery: second!.id, attempt: 1, result: 'delivered', status: 200 },
    ]);
    expect(lines[0]).toMatchObject({ level: 40, trigger: 'auto', reason: 'answered 500' });
    expect(lines[2]).toMatchObject({ level: 30, ms: expect.any(Number) });
    const text = log.logged();
    expect(text).not.toContain('webhook-signature');
    expect(text).not.toContain(first!.messageId);
    expect(text).not.toContain('rope_event.created"');
  });

  it('gives up after a day of failures: the endpoint is disabled, its owner mailed in German, the rest waits for it', async () => {
    const endpointId = await register('/down');
    receiver.plan('/down', { status: 503 }, { status: 503 });
    await recordEvent(20);
    await recordEvent(21);
    await runWebhookJobs();
    const [head] = await deliveriesOf(endpointId);
    await t.ctx.db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_RETRY_DELAYS_MS.length })
      .where(eq(webhookDeliveries.id, head!.id));
    await retriesDueNow();
    await runWebhookJobs();
    const [failed, waiting] = await deliveriesOf(endpointId);
    expect(failed).toMatchObject({ status: 'failed', lastStatusCode: 503 });
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    const endpoint = (await cast.call('clientAdmin', 'GET', `/webhooks/${endpointId}`)).json() as {
      endpoint: { enabled: boolean; disabledReason: string; pendingDeliveries: number };
    };
    expect(endpoint.endpoint).toMatchObject({ enabled: false, disabledReason: 'failing', pendingDeliveries: 1 });
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.queue, 'mail'), sql`${outbox.idempotencyKey} like ${`webhook-disabled:${endpointId}:%`}`));
    expect(mail!.payload).toMatchObject({ subject: 'Rope Cockpit sendet nicht mehr an einen Webhook-Endpunkt' });
    expect(String(mail!.payload.text)).toContain(receiver.url('/down'));
    expect(String(mail!.payload.text)).toContain(`/webhooks/${endpointId}`);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, endpointId));
    expect(audit.map((entry) => entry.action)).toContain('webhook.disable');

    // Nothing goes to a disabled endpoint; enabled again, what waited is sent.
    const before = pathsReceived('/down').length;
    await recordEvent(22);
    await runWebhookJobs();
    expect(pathsReceived('/down')).toHaveLength(before);
    receiver.reset();
    const enabled = await cast.call('clientAdmin', 'PATCH', `/webhooks/${endpointId}`, { endpoint: { enabled: true } });
    expect(enabled.json()).toMatchObject({ endpoint: { enabled: true, disabledReason: null } });
    await runWebhookJobs();
    const after = await deliveriesOf(endpointId);
    expect(after.map((delivery) => delivery.status)).toEqual(['failed', 'delivered']);
    expect(pathsReceived('/down').map((request) => request.headers['webhook-id'])).toEqual([after[1]!.messageId]);
  });

  it('refuses to follow a redirect', async () => {
    const endpointId = await register('/moved');
    receiver.plan('/moved', { status: 302, headers: { location: receiver.url('/elsewhere') } });
    await recordEvent(30);
    await runWebhookJobs();
    const [delivery] = await deliveriesOf(endpointId);
    expect(delivery).toMatchObject({
      status: 'pending',
      lastStatusCode: 302,
      lastError: 'answered 302: redirects are not followed',
    });
    expect(pathsReceived('/elsewhere')).toHaveLength(0);
  });

  it('sends nothing once the owner may no longer read the mandator', async () => {
    const owner = await cast.add('leaving', ['ROLE_CLIENT_ADMIN'], [mandatorId]);
    const endpointId = await register('/left', 'leaving');
    await t.ctx.db.delete(userMandators).where(eq(userMandators.userId, owner.id));
    await recordEvent(40);
    await runWebhookJobs();
    expect(await deliveriesOf(endpointId)).toEqual([]);
    const [row] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(row!.enabled).toBe(true);
  });
});
