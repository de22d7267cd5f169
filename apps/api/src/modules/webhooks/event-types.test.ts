import { ropes } from '@rope/db/schema/index';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { WEBHOOK_EVENT_TYPES } from '@rope/domain/webhooks/event-types';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { multipart, PDF } from '../../../test/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { scanDueTasks } from '../notifications/scan-due-tasks.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Objects = Record<string, Record<string, unknown> & { id?: number; links?: { api?: string; cockpit?: string } }>;
interface Payload {
  type: string;
  timestamp: string;
  data: Objects;
}

// Each event type the issue names, caused as a person or a device causes it, and received verified.
describe('webhook event types', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let receiver: Receiver;
  let ropeId: number;
  let importKey: string;
  const secrets: Record<string, string> = {};

  /** What an endpoint received, verified with its secret, of one type. */
  const of = (path: string, type: string) =>
    receiver.received
      .filter((request) => request.path === path)
      .map(
        (request) =>
          new Webhook(secrets[path]!).verify(request.body, request.headers as Record<string, string>) as Payload,
      )
      .filter((payload) => payload.type === type);
  const settle = () => t.ctx.queue.idle();

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    cast = createCast(t);
    receiver = await startWebhookReceiver();
    const mandator = await seedMandator(t.ctx.db);
    const installationId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id;
    ropeId = (await seedRope(t.ctx.db, installationId)).id;
    await t.ctx.db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, ropeId));
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key;
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('clientAdmin', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    for (const [who, path] of [
      ['admin', '/internal'],
      ['clientAdmin', '/client'],
    ] as const) {
      const answer = await cast.call(who, 'POST', '/webhooks', {
        endpoint: { mandatorId: mandator.id, url: receiver.url(path), eventTypes: [...WEBHOOK_EVENT_TYPES] },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      secrets[path] = answer.json().secret;
    }
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('tells of tasks created and done, an internal one only to an owner who reads internal tasks', async () => {
    const body = (attributes: object) => ({
      task: { rope: { id: ropeId }, attributes: { title: 'Splice check', description: 'Measure', ...attributes } },
    });
    const external = (await cast.call('client', 'POST', '/tasks', body({}))).json().task.id;
    const internal = (await cast.call('admin', 'POST', '/tasks', body({ isInternal: true, title: 'Quote' }))).json()
      .task.id;
    await cast.call('client', 'PATCH', `/tasks/${external}`, { task: { attributes: { status: 'done' } } });
    await settle();
    expect(of('/internal', 'task.created').map((p) => p.data.task!.id)).toEqual([external, internal]);
    expect(of('/client', 'task.created').map((p) => p.data.task!.id)).toEqual([external]);
    const [done] = of('/client', 'task.done');
    expect(done!.data.task).toMatchObject({ id: external, attributes: { status: 'done', title: 'Splice check' } });
    expect(done!.data.rope!.id).toBe(ropeId);
  });

  it('tells of a task fallen due and of the notification it triggers', async () => {
    const client = cast.ids.client!;
    const due = await cast.call('clientAdmin', 'POST', '/tasks', {
      task: {
        rope: { id: ropeId },
        attributes: { title: 'Due now', description: 'Check', dueAt: new Date(Date.now() - 3_600_000).toISOString() },
        assignedUsers: [{ id: client }],
      },
    });
    expect(due.statusCode, due.body).toBe(200);
    await scanDueTasks(t.ctx);
    await settle();
    expect(of('/client', 'task.due').map((p) => p.data.task!.id)).toEqual([due.json().task.id]);
    const [notification] = of('/client', 'notification.triggered');
    expect(notification!.data.notification).toMatchObject({ type: 'taskDue', details: { taskTitle: 'Due now' } });
    expect(notification!.data.notification!.links!.api).toMatch(/\/api\/v1\/installations\/\d+\/notifications$/);
  });

  it('tells of a rope event, the limit its health crossed, and a document added', async () => {
    const event = await cast.call('client', 'POST', '/events', {
      ropeEvent: {
        rope: { id: ropeId },
        position: 100,
        attributes: { timestamp: '2026-03-01T10:00:00Z', recordingType: 'damage', type: 'wireBreak', damageCount: 2 },
      },
    });
    expect(event.statusCode, event.body).toBe(200);
    const upload = multipart({ targetType: 'rope', targetId: String(ropeId) }, [
      { filename: 'Prüfbericht.pdf', content: PDF, type: 'application/pdf' },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...upload.headers, cookie: cast.cookies.client! },
      payload: upload.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    await settle();
    expect(of('/client', 'rope_event.created').map((p) => p.data.event!.id)).toContain(event.json().ropeEvent.id);
    const [crossed] = of('/client', 'rope.limit_crossed');
    expect(crossed!.data.damage).toMatchObject({ id: ropeId, from: 'unknown', to: 'green', status: 'computed' });
    const [document] = of('/client', 'document.added');
    expect(document!.data.document).toMatchObject({ name: 'Prüfbericht.pdf', target: { type: 'rope', id: ropeId } });
  });

  it('tells of a smartrope threshold event, a TRUscan measurement and a sensor reading outside its plotlines', async () => {
    const smartrope = await cast.call('admin', 'POST', '/smartropes', {
      smartrope: { uuid: 'SR-HOOK-1', name: 'SR hook', rope: { id: ropeId } },
    });
    expect(smartrope.statusCode, smartrope.body).toBe(200);
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/smartropes/${smartrope.json().smartrope.id}/events`,
      headers: { authorization: `Bearer ${importKey}` },
      payload: {
        event: {
          sensorName: 'Strain',
          type: 'threshold',
          unixTimestamp: 1_780_000_000,
          measurements: [{ unixTimestamp: 1_780_000_000, value: 812 }],
        },
      },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const mea = generateMea({ bitDepth: 12, seed: 7, recordedAt: Date.UTC(2026, 0, 10) / 1000 });
    const file = multipart({}, [{ filename: 'run.mea', content: Buffer.from(mea.bytes) }]);
    const measured = await t.app.inject({
      method: 'POST',
      url: `/api/ropes/${ropeId}/events/upload/truscan`,
      headers: { ...file.headers, cookie: cast.cookies.admin! },
      payload: file.payload,
    });
    expect(measured.statusCode, measured.body).toBe(200);

    const device = await cast.call('admin', 'POST', '/sensor-devices', {
      sensorDevice: {
        name: 'SB-01',
        rope: { id: ropeId },
        sensors: [{ name: 'Tension', attributes: { plotlines: [{ name: 'Max load', position: 100 }] } }],
      },
    });
    expect(device.statusCode, device.body).toBe(200);
    const { id: deviceId, sensors } = device.json().sensorDevice;
    const sensor = sensors[0].id;
    const readings = [50, 120, 130, 80, 150].map((value, i) => ({ sensor, ts: `2026-06-01T10:0${i}:00Z`, value }));
    const ingest = (measurements: object[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/sensor-devices/${deviceId}/measurements`,
        headers: { authorization: `Bearer ${importKey}` },
        payload: { measurements },
      });
    expect((await ingest(readings.slice(0, 3))).statusCode).toBe(200);
    expect((await ingest(readings.slice(3))).statusCode).toBe(200);
    // Sent again, the same readings announce nothing again.
    expect((await ingest(readings)).statusCode).toBe(200);
    await settle();

    const [threshold] = of('/client', 'smartrope.threshold_crossed');
    expect(threshold!.data.smartropeEvent).toMatchObject({ sensorName: 'Strain', type: 'threshold' });
    const [truscan] = of('/client', 'truscan.measurement_received');
    expect(truscan!.data.measurement).toMatchObject({ fileName: 'run.mea' });
    expect(truscan!.data.rope!.id).toBe(ropeId);
    const outside = of('/client', 'sensor.outside_plotlines');
    expect(outside.map((p) => [p.data.reading!.value, p.data.plotline!.name])).toEqual([
      [120, 'Max load'],
      [150, 'Max load'],
    ]);
    expect(outside[0]!.timestamp).toBe('2026-06-01T10:01:00.000Z');
    expect(outside[0]!.data.sensor).toMatchObject({ id: sensor, name: 'Tension' });
  });
});
