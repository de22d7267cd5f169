import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedRope } from '../../../test/support/factories.ts';
import { buildPlace, configure } from '../../../test/support/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const T0 = 1_780_000_000;

// That another mandator's installation answers as a missing one is proven by authorization/matrix.test.ts and
// foreign-like-missing.test.ts.
describe('smartropeThreshold state in the notification status', () => {
  let t: TestApp;
  let place: Awaited<ReturnType<typeof buildPlace>>;
  let foreign: Awaited<ReturnType<typeof buildPlace>>;
  let client: { cookie: string };
  let admin: { cookie: string };
  let importKey: string;
  let smartropeId: number;
  let quietRope: number;

  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie } });
  const stateOf = async (cookie: string, installationId: number, query = '') => {
    const answer = await get(cookie, `/installations/${installationId}/smartrope-threshold-state${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().smartropeThreshold;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { processJobs: true });
    place = await buildPlace(t);
    foreign = await buildPlace(t);
    client = await place.person(['ROLE_USER']);
    admin = await place.person(['ROLE_ADMIN'], []);
    const editor = await place.person(['ROLE_CLIENT_ADMIN']);
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [place.mandator.id])).key;
    quietRope = (await seedRope(t.ctx.db, place.installation.id, 'Track rope')).id;
    await configure(
      t,
      place.installation.id,
      {
        channels: ['email'],
        users: [editor.id],
        rules: [{ type: 'smartropeThreshold', threshold: 500, reset: false }],
      },
      editor.cookie,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/smartropes',
      headers: { cookie: admin.cookie },
      payload: { smartrope: { name: 'SR Zermatt', uuid: 'SR-ZRM-1', rope: { id: place.rope.id } } },
    });
    expect(created.statusCode, created.body).toBe(200);
    smartropeId = created.json().smartrope.id;
  });
  afterAll(() => t.close());

  it('shows a smartrope rope armed before anything fired, and no last trigger', async () => {
    const state = await stateOf(client.cookie, place.installation.id);
    expect(state).toEqual({
      ropes: [{ rope: { id: place.rope.id, name: 'Haul rope' }, isArmed: true, lastValue: null, updatedAt: null }],
      lastTrigger: null,
    });
  });

  it('names the smartrope, sensor, time and value of the measurement that fired, and the rope disarmed', async () => {
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/smartropes/${smartropeId}/events`,
      headers: { authorization: `Bearer ${importKey}` },
      payload: {
        event: {
          sensorName: 'Magnetic flux',
          type: 'threshold',
          unixTimestamp: T0,
          measurements: [
            { unixTimestamp: T0, value: 420 },
            { unixTimestamp: T0 + 5, value: 612.5 },
            { unixTimestamp: T0 + 10, value: 430 },
          ],
        },
      },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await t.ctx.queue.idle();
    const state = await stateOf(client.cookie, place.installation.id);
    expect(state.ropes).toEqual([
      {
        rope: { id: place.rope.id, name: 'Haul rope' },
        isArmed: false,
        lastValue: expect.any(Number),
        updatedAt: expect.any(String),
      },
    ]);
    expect(state.lastTrigger).toMatchObject({
      threshold: 500,
      rope: { id: place.rope.id, name: 'Haul rope' },
      device: {
        smartrope: { id: smartropeId, name: 'SR Zermatt' },
        sensorName: 'Magnetic flux',
        measuredAt: T0 + 5,
        value: 612.5,
      },
    });
    const ropeOnly = await stateOf(client.cookie, place.installation.id, `?rope=${place.rope.id}`);
    expect(ropeOnly).toEqual(state);
    const quiet = await stateOf(client.cookie, place.installation.id, `?rope=${quietRope}`);
    expect(quiet).toEqual({ ropes: [], lastTrigger: null });
  });

  it('answers a rope of another installation like a missing one, and a rope that is not an id with 400', async () => {
    const otherRope = await get(
      admin.cookie,
      `/installations/${place.installation.id}/smartrope-threshold-state?rope=${foreign.rope.id}`,
    );
    expect(otherRope.statusCode).toBe(404);
    expect(
      (await get(client.cookie, `/installations/${place.installation.id}/smartrope-threshold-state?rope=x`)).statusCode,
    ).toBe(400);
  });
});
