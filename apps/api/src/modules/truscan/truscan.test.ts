import type { AddressInfo } from 'node:net';
import { ropes } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { brokerUnreachable, MQTT_URL } from '../../../test/support/mqtt-broker.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const brokerMissing = await brokerUnreachable();
const publishesCommand = `publishes the measurement command to the rope topic on the broker${brokerMissing ? ` (skipped: ${brokerMissing})` : ''}`;

/** Reads Server-Sent Events off a real HTTP connection, one `data` object per event. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<unknown> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) return JSON.parse(data.slice(6));
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { response, next, close: () => controller.abort() };
}

// Who may report, watch and ask for a measurement, and that a foreign rope answers as a missing one, is proven by
// authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('TRUscan', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let base: string;
  let rope: number;
  let foreignRope: number;
  let archivedRope: number;
  let importKey: string;
  const device = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${importKey}` },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    cast = createCast(t);
    const a = await seedMandator(t.ctx.db);
    const b = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, a.id)).id);
    rope = (await seedRope(t.ctx.db, installation.id)).id;
    archivedRope = (await seedRope(t.ctx.db, installation.id)).id;
    await t.ctx.db.update(ropes).set({ isDeleted: true }).where(eq(ropes.id, archivedRope));
    foreignRope = (await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, b.id)).id)).id))
      .id;
    await cast.add('client', ['ROLE_USER'], [a.id]);
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [a.id])).key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => t.close());

  it('takes the state a device reports: keys sent replace, null removes, the rest stays', async () => {
    const first = await device('PATCH', `/ropes/${rope}/truscan`, {
      truscanAttributes: { status: 'idle', ropeSpeed: 5, bendingCycles: 120_000, measurementWaiting: 5_400 },
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await device('PATCH', `/ropes/${rope}/truscan`, {
      truscanAttributes: { status: 'waiting', measurementWaiting: null },
    });
    expect(second.json().truscanAttributes).toEqual({ status: 'waiting', ropeSpeed: 5, bendingCycles: 120_000 });
    expect((await cast.call('client', 'GET', `/ropes/${rope}/truscan`)).json()).toEqual({
      truscanAttributes: { status: 'waiting', ropeSpeed: 5, bendingCycles: 120_000 },
      request: null,
    });
    const bad = await device('PATCH', `/ropes/${rope}/truscan`, { truscanAttributes: { status: 'flying' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['truscanAttributes.status']);
  });

  it('pushes every change to the open panel of the rope, and the whole state first', async () => {
    const stream = await openStream(`${base}/ropes/${rope}/truscan/live`, cast.cookies.client!);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    const initial = (await stream.next()) as { truscanAttributes: { status: string } };
    expect(initial.truscanAttributes.status).toBe('waiting');
    await device('PATCH', `/ropes/${rope}/truscan`, { truscanAttributes: { status: 'measuring', ropeSpeed: 6 } });
    expect(await stream.next()).toMatchObject({ truscanAttributes: { status: 'measuring', ropeSpeed: 6 } });
    await device('PATCH', `/ropes/${rope}/truscan`, {
      truscanAttributes: { status: 'uploading', uploadRunning: true, uploadAmount: 2_097_152, uploadTime: 16 },
    });
    expect(await stream.next()).toMatchObject({ truscanAttributes: { status: 'uploading', uploadAmount: 2_097_152 } });
    stream.close();
  });

  it('loses no change the device reports while the panel opens its stream', async () => {
    const subscribe = t.ctx.live.subscribe.bind(t.ctx.live);
    const report = (ropeSpeed: number) =>
      device('PATCH', `/ropes/${rope}/truscan`, { truscanAttributes: { status: 'measuring', ropeSpeed } });
    try {
      // The report lands before the stream listens, then while it listens and has not sent its first frame yet.
      for (const [speed, order] of [
        [7, 'before listening'],
        [8, 'while opening'],
      ] as const) {
        t.ctx.live.subscribe = async (topic, listener) => {
          t.ctx.live.subscribe = subscribe;
          if (order === 'before listening') await report(speed);
          const stop = await subscribe(topic, listener);
          if (order === 'while opening') await report(speed);
          return stop;
        };
        const stream = await openStream(`${base}/ropes/${rope}/truscan/live`, cast.cookies.client!);
        try {
          const reached = async () => {
            for (;;) {
              const state = (await stream.next()) as { truscanAttributes: { ropeSpeed?: number } };
              if (state.truscanAttributes.ropeSpeed === speed) return order;
            }
          };
          const lost = new Promise<string>((resolve) => setTimeout(() => resolve(`${order}: lost`), 10_000).unref());
          expect(await Promise.race([reached(), lost])).toBe(order);
        } finally {
          stream.close();
        }
      }
    } finally {
      t.ctx.live.subscribe = subscribe;
    }
  });

  it('lets go of the topic when the browser leaves while its stream opens', async () => {
    const subscribe = t.ctx.live.subscribe.bind(t.ctx.live);
    const browser = new AbortController();
    let released!: () => void;
    const letGo = new Promise<string>((resolve) => {
      released = () => resolve('let go');
    });
    t.ctx.live.subscribe = async (topic, listener) => {
      t.ctx.live.subscribe = subscribe;
      const stop = await subscribe(topic, listener);
      browser.abort();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return async () => {
        released();
        await stop();
      };
    };
    try {
      await fetch(`${base}/ropes/${rope}/truscan/live`, {
        headers: { cookie: cast.cookies.client!, accept: 'text/event-stream' },
        signal: browser.signal,
      }).catch(() => undefined);
      const kept = new Promise<string>((resolve) => setTimeout(() => resolve('still listening'), 10_000).unref());
      expect(await Promise.race([letGo, kept])).toBe('let go');
    } finally {
      t.ctx.live.subscribe = subscribe;
    }
  });

  it('asks the device for a measurement through the queue; the device fetches and acknowledges it once', async () => {
    const stream = await openStream(`${base}/ropes/${rope}/truscan/live`, cast.cookies.client!);
    let requestId: string | number | undefined;
    try {
      await stream.next();
      const asked = await cast.call('client', 'POST', `/ropes/${rope}/events/trigger/truscan`, {
        reason: 'After the storm',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json().request).toMatchObject({ reason: 'After the storm', requestedBy: { id: cast.ids.client } });
      requestId = asked.json().request.id;
      await t.ctx.queue.idle();
      const pending = await device('GET', `/ropes/${rope}/truscan/requests`);
      expect(pending.json().requests).toMatchObject([{ id: asked.json().request.id, status: 'sent' }]);
      const ack = await device('POST', `/ropes/${rope}/truscan/requests/${asked.json().request.id}/ack`);
      expect(ack.json().request).toMatchObject({ status: 'delivered' });
      const again = await device('POST', `/ropes/${rope}/truscan/requests/${asked.json().request.id}/ack`);
      expect(again.json().request.deliveredAt).toBe(ack.json().request.deliveredAt);
      // The panel's read names the newest request as the device's calls answer it, with who asked.
      const panel = await cast.call('client', 'GET', `/ropes/${rope}/truscan`);
      expect(panel.json().request).toEqual(ack.json().request);
      expect(panel.json().request.requestedBy.name).toEqual(expect.any(String));
      expect((await device('GET', `/ropes/${rope}/truscan/requests`)).json().requests).toEqual([]);
      // The panel follows the request to delivered, never backwards. Each notice carries the request as it stands
      // when the stream sends it, so on a busy machine the notice of 'queued' may already read 'sent'.
      const lifecycle = ['queued', 'sent', 'delivered'];
      const seen: string[] = [];
      while (!seen.includes('delivered'))
        seen.push(((await stream.next()) as { request: { status: string } }).request.status);
      const steps = seen.map((status) => lifecycle.indexOf(status));
      expect(
        steps.every((step, at) => step >= 0 && (at === 0 || step >= steps[at - 1]!)),
        seen.join(' > '),
      ).toBe(true);
    } finally {
      stream.close();
    }
    expect((await device('POST', `/ropes/${foreignRope}/truscan/requests/${requestId}/ack`)).statusCode).toBe(404);
  });

  it('refuses a request without a reason and on an archived rope', async () => {
    expect(
      (await cast.call('client', 'POST', `/ropes/${rope}/events/trigger/truscan`, { reason: '  ' })).statusCode,
    ).toBe(400);
    expect(
      (await cast.call('client', 'POST', `/ropes/${archivedRope}/events/trigger/truscan`, { reason: 'x' })).statusCode,
    ).toBe(422);
  });
});

describe('TRUscan over MQTT', () => {
  it.skipIf(Boolean(brokerMissing))(publishesCommand, async () => {
    const t = await createTestApp({ MQTT_URL }, { processJobs: true });
    const listener = await mqtt.connectAsync(MQTT_URL, { clientId: `truscan-test-${process.pid}` });
    try {
      const cast = createCast(t);
      const mandator = await seedMandator(t.ctx.db);
      const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
      const rope = (await seedRope(t.ctx.db, installation.id)).id;
      await cast.add('client', ['ROLE_USER'], [mandator.id]);
      const topic = `rope-cockpit/ropes/${rope}/truscan/commands`;
      const received = new Promise<unknown>((resolve) =>
        listener.on('message', (at, payload) => at === topic && resolve(JSON.parse(payload.toString()))),
      );
      await listener.subscribeAsync(topic, { qos: 1 });
      const asked = await cast.call('client', 'POST', `/ropes/${rope}/events/trigger/truscan`, {
        reason: 'Monthly run',
      });
      expect(await received).toMatchObject({
        requestId: asked.json().request.id,
        command: 'startMeasurement',
        reason: 'Monthly run',
      });
      await t.ctx.queue.idle();
      expect((await cast.call('client', 'GET', `/ropes/${rope}/truscan`)).json().request.status).toBe('sent');
    } finally {
      await listener.endAsync();
      await t.close();
    }
  });
});
