import { webhookDeliveries, webhookEndpoints } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { emitWebhookEvent } from './emit.ts';
import { fanOutWebhookMessages } from './fan-out.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
interface Payload {
  type: string;
  timestamp: string;
  data: Record<string, { id: number; links?: { cockpit?: string; api?: string } } & Record<string, unknown>>;
}

// Deliveries through the real inline queue to a real receiver on loopback, verified with the reference package.
describe('webhooks', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let receiver: Receiver;
  let ropeId: number;
  let foreignRopeId: number;
  let mandatorId: number;
  let otherMandatorId: number;

  const damage = (rope: number, position: number) => ({
    ropeEvent: {
      rope: { id: rope },
      position,
      attributes: { timestamp: '2026-03-01T10:00:00Z', recordingType: 'damage', type: 'wireBreak', damageCount: 1 },
    },
  });
  const register = async (who: string, endpoint: object) => {
    const answer = await cast.call(who, 'POST', '/webhooks', { endpoint });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { endpoint: { id: number }; secret: string };
  };
  const received = (path: string) => receiver.received.filter((request) => request.path === path);
  const verified = (path: string, secret: string) =>
    received(path).map(
      (request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Payload,
    );

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    cast = createCast(t);
    receiver = await startWebhookReceiver();
    const mandator = await seedMandator(t.ctx.db);
    const other = await seedMandator(t.ctx.db);
    mandatorId = mandator.id;
    otherMandatorId = other.id;
    ropeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id)
    ).id;
    foreignRopeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id)
    ).id;
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('clientAdmin', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await cast.add('otherClientAdmin', ['ROLE_CLIENT_ADMIN'], [other.id]);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('foreignClient', ['ROLE_USER'], [other.id]);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('signs each delivery as Standard Webhooks says, names the objects with their links, and lists the delivery', async () => {
    const { endpoint, secret } = await register('clientAdmin', {
      mandatorId,
      url: receiver.url('/signed'),
      eventTypes: ['rope_event.created'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [stored] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));

    const created = await cast.call('client', 'POST', '/events', damage(ropeId, 120));
    expect(created.statusCode, created.body).toBe(200);
    const eventId = (created.json() as { ropeEvent: { id: number } }).ropeEvent.id;
    await t.ctx.queue.idle();

    const [payload] = verified('/signed', secret);
    expect(payload).toMatchObject({ type: 'rope_event.created', data: { mandator: { id: mandatorId } } });
    expect(payload!.data.rope!.id).toBe(ropeId);
    expect(payload!.data.rope!.links!.cockpit).toMatch(new RegExp(`/areas/\\d+/installations/\\d+/ropes/${ropeId}$`));
    expect(payload!.data.event).toMatchObject({ id: eventId, position: 120, attributes: { type: 'wireBreak' } });
    expect(payload!.data.event!.links!.api).toMatch(new RegExp(`/api/v1/events/${eventId}$`));
    // The API link answers what the payload names.
    const apiPath = new URL(payload!.data.event!.links!.api!).pathname.replace(/^\/api/, '');
    expect((await cast.call('client', 'GET', apiPath)).statusCode).toBe(200);

    const request = received('/signed')[0]!;
    expect(request.headers['content-type']).toBe('application/json');
    const list = await cast.call('clientAdmin', 'GET', `/webhooks/${endpoint.id}/deliveries`);
    const [delivery] = (
      list.json() as { deliveries: { id: number; messageId: string; status: string; attempts: number }[] }
    ).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, messageId: request.headers['webhook-id'] });
    const detail = await cast.call('clientAdmin', 'GET', `/webhooks/${endpoint.id}/deliveries/${delivery!.id}`);
    expect(detail.json()).toMatchObject({
      payload: { type: 'rope_event.created' },
      attempts: [
        { statusCode: 200, trigger: 'auto', error: null, requestHeaders: { 'webhook-id': delivery!.messageId } },
      ],
    });
  });

  it('delivers created, changed and deleted in the order they happened, each once', async () => {
    const { secret } = await register('admin', {
      mandatorId,
      url: receiver.url('/ordered'),
      eventTypes: ['rope_event.created', 'rope_event.changed', 'rope_event.deleted'],
    });
    const created = await cast.call('client', 'POST', '/events', damage(ropeId, 200));
    const eventId = (created.json() as { ropeEvent: { id: number } }).ropeEvent.id;
    expect(
      (await cast.call('client', 'PATCH', `/events/${eventId}`, { ropeEvent: { position: 201 } })).statusCode,
    ).toBe(200);
    expect((await cast.call('admin', 'DELETE', `/events/${eventId}`)).statusCode).toBeLessThan(300);
    await t.ctx.queue.idle();
    const payloads = verified('/ordered', secret);
    expect(payloads.map((payload) => payload.type)).toEqual([
      'rope_event.created',
      'rope_event.changed',
      'rope_event.deleted',
    ]);
    expect(payloads.map((payload) => payload.data.event!.position)).toEqual([200, 201, 201]);
    const ids = received('/ordered').map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(3);
  });

  it("keeps each mandator's events to its own endpoints, and another mandator's endpoint answers like a missing one", async () => {
    const mine = await register('clientAdmin', {
      mandatorId,
      url: receiver.url('/mine'),
      eventTypes: ['rope_event.created'],
    });
    const theirs = await register('otherClientAdmin', {
      mandatorId: otherMandatorId,
      url: receiver.url('/theirs'),
      eventTypes: ['rope_event.created'],
    });
    await cast.call('client', 'POST', '/events', damage(ropeId, 300));
    await cast.call('foreignClient', 'POST', '/events', damage(foreignRopeId, 301));
    await t.ctx.queue.idle();
    expect(verified('/mine', mine.secret).map((payload) => payload.data.rope!.id)).toEqual([ropeId]);
    expect(verified('/theirs', theirs.secret).map((payload) => payload.data.rope!.id)).toEqual([foreignRopeId]);

    const foreign = theirs.endpoint.id;
    for (const [method, path] of [
      ['GET', `/webhooks/${foreign}`],
      ['PATCH', `/webhooks/${foreign}`],
      ['DELETE', `/webhooks/${foreign}`],
      ['POST', `/webhooks/${foreign}/rotate-secret`],
      ['POST', `/webhooks/${foreign}/test`],
      ['GET', `/webhooks/${foreign}/deliveries`],
    ] as const) {
      const answer = await cast.call(
        'clientAdmin',
        method,
        path,
        method === 'PATCH' ? { endpoint: { enabled: false } } : undefined,
      );
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json()).toMatchObject({ key: 'app.errors.webhookNotFound' });
    }
    const forOther = await cast.call('clientAdmin', 'POST', '/webhooks', {
      endpoint: { mandatorId: otherMandatorId, url: receiver.url('/sneaky'), eventTypes: ['rope_event.created'] },
    });
    expect(forOther.statusCode).toBe(404);
    const listed = (await cast.call('clientAdmin', 'GET', '/webhooks')).json() as {
      endpoints: { mandatorId: number }[];
    };
    expect(listed.endpoints.every((endpoint) => endpoint.mandatorId === mandatorId)).toBe(true);
    expect((await cast.call('client', 'GET', '/webhooks')).statusCode).toBe(403);
  });

  it('signs with the old and the new secret during a rotation, and the test message arrives verified', async () => {
    const { endpoint, secret: old } = await register('clientAdmin', {
      mandatorId,
      url: receiver.url('/rotated'),
      eventTypes: ['rope_event.created'],
    });
    const rotated = await cast.call('clientAdmin', 'POST', `/webhooks/${endpoint.id}/rotate-secret`);
    const { secret: fresh, endpoint: view } = rotated.json() as {
      secret: string;
      endpoint: { previousSecretExpiresAt: string };
    };
    expect(fresh).not.toBe(old);
    const graceHours = (new Date(view.previousSecretExpiresAt).getTime() - Date.now()) / 3_600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    expect((await cast.call('clientAdmin', 'POST', `/webhooks/${endpoint.id}/test`)).statusCode).toBe(200);
    await t.ctx.queue.idle();
    expect(verified('/rotated', fresh).map((payload) => payload.type)).toEqual(['webhook.test']);
    expect(verified('/rotated', old).map((payload) => payload.type)).toEqual(['webhook.test']);

    // After the grace period only the new secret signs.
    await t.ctx.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await cast.call('clientAdmin', 'POST', `/webhooks/${endpoint.id}/test`);
    await t.ctx.queue.idle();
    expect(verified('/rotated', fresh)).toHaveLength(2);
    expect(() => verified('/rotated', old)).toThrow();
  });

  it('refuses a URL that is not HTTPS (plain HTTP only to this machine while developing) or carries credentials', async () => {
    for (const [url, key] of [
      ['http://example.com/hooks', 'app.errors.webhookUrlNotHttps'],
      ['ftp://example.com/hooks', 'app.errors.webhookUrlNotHttps'],
      ['https://user:pass@example.com/hooks', 'app.errors.webhookUrlCredentials'],
      ['not a url', 'app.errors.webhookUrlInvalid'],
    ] as const) {
      const answer = await cast.call('admin', 'POST', '/webhooks', {
        endpoint: { mandatorId, url, eventTypes: ['rope_event.created'] },
      });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().fieldKeys['endpoint.url'], url).toEqual({ key });
    }
    const noTypes = await cast.call('admin', 'POST', '/webhooks', {
      endpoint: { mandatorId, url: receiver.url(), eventTypes: [] },
    });
    expect(noTypes.statusCode).toBe(400);
    const unknownType = await cast.call('admin', 'POST', '/webhooks', {
      endpoint: { mandatorId, url: receiver.url(), eventTypes: ['rope.exploded'] },
    });
    expect(unknownType.statusCode).toBe(400);
  });

  it('sends nothing for a change rolled back, and the change committed after it once', async () => {
    const { endpoint } = await register('clientAdmin', {
      mandatorId,
      url: receiver.url('/rollback'),
      eventTypes: ['rope_event.created'],
    });
    const event = (id: number) => ({ key: `rollback-${id}`, place: { ropeId }, objects: { event: { id } } });
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, t.ctx, { type: 'rope_event.created', ...event(1) });
        throw new Error('the change failed after its webhook was asked for');
      }),
    ).rejects.toThrow('the change failed');
    await t.ctx.db.transaction((tx) => emitWebhookEvent(tx, t.ctx, { type: 'rope_event.created', ...event(2) }));
    await t.ctx.queue.idle();
    const rows = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((row) => row.eventKey)).toEqual(['rope_event.created:rollback-2']);
    expect(received('/rollback').map((request) => JSON.parse(request.body).data.event.id)).toEqual([2]);
  });

  it('one event fanned out twice is delivered once; a resend keeps the message id', async () => {
    const { endpoint, secret } = await register('clientAdmin', {
      mandatorId,
      url: receiver.url('/dedupe'),
      eventTypes: ['rope_event.created'],
    });
    await cast.call('client', 'POST', '/events', damage(ropeId, 400));
    await t.ctx.queue.idle();
    const [delivery] = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const again = { eventKey: delivery!.eventKey, internal: false, payload: delivery!.payload };
    await t.ctx.db.transaction((tx) => fanOutWebhookMessages(tx, t.ctx, mandatorId, 'rope_event.created', [again]));
    await t.ctx.queue.idle();
    expect(
      await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(1);
    expect(received('/dedupe')).toHaveLength(1);

    const resent = await cast.call('clientAdmin', 'POST', `/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      delivery: { status: 'delivered', attempts: 2 },
      attempts: [{ trigger: 'resend' }, { trigger: 'auto' }],
    });
    const ids = received('/dedupe').map((request) => request.headers['webhook-id']);
    expect(ids).toEqual([delivery!.messageId, delivery!.messageId]);
    expect(verified('/dedupe', secret)).toHaveLength(2);
  });
});
