import { gunzipSync } from 'node:zlib';
import { installations, ropes } from '@rope/db/schema/index';
import type { LossOverTargetAnswer } from '@rope/domain/events/views';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import {
  seedArea,
  seedEvents,
  seedInstallation,
  seedMandator,
  seedRope,
  wireBreakAttributes,
} from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const START = Date.UTC(2024, 0, 1);
const hour = (n: number) => new Date(START + n * 3600_000).toISOString();
const OWN_CYCLES = { bendingCyclesUntilNow: 100_000, bendingCyclesUntilNowAt: '2024-01-01T00:00:00.000Z' };

/** The loss chart thinned for a chart's pixels, its ETag and the answers kept per rope and query. */
describe('loss chart for the browser', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let installationId: number;
  let otherRopeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    installationId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id;
    const other = await seedMandator(t.ctx.db);
    otherRopeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id)
    ).id;
    await seedEvents(t.ctx.db, otherRopeId, [{ position: 5, attributes: wireBreakAttributes(1) }]);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('stranger', ['ROLE_USER'], [other.id]);
  });
  afterAll(() => t.close());

  /** A rope with a wire break every hour along 2,000 m: its damage rises and falls as breaks leave the windows. */
  async function ropeWith(count: number) {
    const rope = await seedRope(t.ctx.db, installationId);
    await t.ctx.db
      .update(ropes)
      .set({ attributes: { ...WORKED_EXAMPLE_ROPE, ...OWN_CYCLES } })
      .where(eq(ropes.id, rope.id));
    await seedEvents(
      t.ctx.db,
      rope.id,
      Array.from({ length: count }, (_, i) => ({
        position: (i * 37.3) % 2_000,
        attributes: { ...wireBreakAttributes(1 + (i % 3)), timestamp: hour(i) },
      })),
    );
    return rope.id;
  }
  const loss = (who: string, ropeId: number, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/api/ropes/${ropeId}/events/lossOverTarget?xAxis=timestamp${query}`,
      headers: { cookie: cast.cookies[who]!, 'accept-encoding': 'gzip', ...headers },
    });
  const read = (answer: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    JSON.parse(
      (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.rawPayload) : answer.rawPayload).toString(),
    ) as LossOverTargetAnswer;

  it('sends at most the asked points, each one of the series, with the forecast over all of them', async () => {
    const ropeId = await ropeWith(600);
    const whole = read(await loss('client', ropeId));
    expect(whole.result).toHaveLength(600);
    const answer = await loss('client', ropeId, '&points=50');
    expect(answer.statusCode, answer.body).toBe(200);
    const thinned = read(answer);
    expect(thinned.result.length).toBeLessThanOrEqual(50);
    expect(thinned.result.length).toBeGreaterThanOrEqual(10);
    const byTime = new Map(whole.result.map((point) => [point.timestamp, point]));
    for (const point of thinned.result) expect(point).toEqual(byTime.get(point.timestamp));
    expect(thinned.result[0]).toEqual(whole.result[0]);
    expect(thinned.result.at(-1)).toEqual(whole.result.at(-1));
    const highest = (a: LossOverTargetAnswer) => Math.max(...a.result.map((point) => point.damage ?? 0));
    expect(highest(thinned)).toBe(highest(whole));
    expect(thinned.forecast).toEqual(whole.forecast);
    expect(thinned.bendingCyclesToTimestamp.length).toBeLessThanOrEqual(50);
    expect(whole.bendingCyclesToTimestamp).toHaveLength(600);
    const { result: _r, bendingCyclesToTimestamp: _b, ...rest } = thinned;
    const { result: _wr, bendingCyclesToTimestamp: _wb, ...wholeRest } = whole;
    expect(rest).toEqual(wholeRest);
    // A short series is sent whole.
    expect(read(await loss('client', await ropeWith(8), '&points=50')).result).toHaveLength(8);
  });

  it('refuses a number of points it cannot draw, and changes nothing', async () => {
    const ropeId = await ropeWith(3);
    for (const points of ['9', '100001', '20.5', 'abc', '-50', '']) {
      const answer = await loss('client', ropeId, `&points=${points}`);
      expect(answer.statusCode, points).toBe(400);
      expect(answer.json().message, points).toMatch(/points/);
    }
  });

  it('answers 304 while unchanged, and anew after an event, a rope setting or the installation’s rate', async () => {
    const ropeId = await ropeWith(20);
    const loop = { loopLength: 2_000 };
    await t.ctx.db.update(installations).set({ attributes: loop }).where(eq(installations.id, installationId));
    const first = await loss('client', ropeId, '&points=10');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"loss-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await loss('client', ropeId, '&points=10', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another query is another answer.
    expect((await loss('client', ropeId, '&points=11', { 'if-none-match': etag })).statusCode).toBe(200);
    expect((await loss('client', ropeId, '', { 'if-none-match': etag })).statusCode).toBe(200);
    let tag = etag;
    let cycles = read(first).result.map((point) => point.bendingCycles);
    const changes: [string, () => Promise<unknown>, (answer: LossOverTargetAnswer) => void][] = [
      [
        'an event saved',
        async () => {
          const saved = await cast.call('client', 'POST', '/events', {
            ropeEvent: {
              rope: { id: ropeId },
              position: 30,
              attributes: { ...wireBreakAttributes(1), timestamp: hour(40) },
            },
          });
          expect(saved.statusCode, saved.body).toBe(200);
        },
        (answer) => expect(answer.result.at(-1)!.timestamp).toBe(hour(40)),
      ],
      [
        'the installation’s rate of bending cycles',
        () =>
          t.ctx.db
            .update(installations)
            .set({
              attributes: { ...loop, operatingSpeed: 5, bendsPerRevolution: 4, operatingHoursPerYear: 4_000 },
            })
            .where(eq(installations.id, installationId)),
        (answer) => expect(answer.result.map((point) => point.bendingCycles)).not.toEqual(cycles),
      ],
      [
        'the rope’s own count',
        () =>
          t.ctx.db
            .update(ropes)
            .set({ attributes: { ...WORKED_EXAMPLE_ROPE, ...OWN_CYCLES, bendingCyclesUntilNow: 500_000 } })
            .where(eq(ropes.id, ropeId)),
        (answer) => expect(answer.result.map((point) => point.bendingCycles)).not.toEqual(cycles),
      ],
      [
        'an event written outside the API',
        () =>
          t.ctx.db.execute(
            sql`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
                values (${ropeId}, 50, ${JSON.stringify({ ...wireBreakAttributes(2), timestamp: hour(50) })}::jsonb,
                        ${hour(50)}, 'damage', 'wireBreak')`,
          ),
        (answer) => expect(answer.result.at(-1)!.timestamp).toBe(hour(50)),
      ],
    ];
    for (const [what, change, check] of changes) {
      await change();
      const answer = await loss('client', ropeId, '&points=10', { 'if-none-match': tag });
      expect(answer.statusCode, what).toBe(200);
      expect(answer.headers.etag, what).not.toBe(tag);
      check(read(answer));
      tag = answer.headers.etag as string;
      cycles = read(answer).result.map((point) => point.bendingCycles);
    }
  });

  it('answers a rope of another mandator as missing, whatever If-None-Match says', async () => {
    const own = await loss('stranger', otherRopeId);
    expect(own.statusCode).toBe(200);
    const foreign = await loss('client', otherRopeId, '', { 'if-none-match': own.headers.etag as string });
    const missing = await loss('client', 2_000_000_000, '', { 'if-none-match': '*' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.headers.etag).toBeUndefined();
  });
});
