import { planBuckets } from '@rope/domain/sensors/buckets';
import { bucketStart } from '@rope/domain/sensors/rollup';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { mulberry32 } from '../../demo/random.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 3, 1, 5, 17);
const SPAN = 4 * DAY;

interface Reading {
  ms: number;
  value: number;
}

/** What the answer must hold, computed the slow way over every raw reading. */
function bruteForce(readings: readonly Reading[], from: number, to: number, buckets: number) {
  const plan = planBuckets(from, to, buckets);
  const inRange = readings.filter((r) => r.ms >= plan.from && r.ms < plan.to);
  const byBucket = new Map<number, number[]>();
  for (const r of inRange) {
    const start = bucketStart(r.ms, plan.bucketSeconds);
    byBucket.set(start, [...(byBucket.get(start) ?? []), r.value]);
  }
  const expected = [...byBucket.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, values]) => ({
      ts: new Date(start).toISOString(),
      count: values.length,
      min: Math.min(...values),
      max: Math.max(...values),
      avg: values.reduce((s, v) => s + v, 0) / values.length,
    }));
  const sorted = inRange.map((r) => r.value).sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median =
    sorted.length === 0 ? null : sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { plan, expected, median, count: sorted.length };
}

describe('sensor aggregates', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let sensorId: number;
  const readings: Reading[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    const rope = await seedRope(t.ctx.db, installation.id);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    const device = (
      await cast.call('admin', 'POST', '/sensor-devices', {
        sensorDevice: { name: 'SB-X', rope: { id: rope.id }, sensors: [{ name: 'Tension' }] },
      })
    ).json().sensorDevice;
    sensorId = device.sensors[0].id;
    const key = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [mandator.id])).key;
    // Readings at random times (bursts and gaps), delivered in overlapping batches as a device resends them.
    const random = mulberry32(7);
    const seen = new Set<number>();
    for (let i = 0; i < 3_000; i++) {
      const ms = START + Math.floor((random() * SPAN) / 1000) * 1000;
      if (seen.has(ms)) continue;
      seen.add(ms);
      readings.push({ ms, value: Math.round((random() * 400 - 50) * 100) / 100 });
    }
    const rows = readings.map((r) => ({ sensor: sensorId, ts: new Date(r.ms).toISOString(), value: r.value }));
    for (const batch of [rows.slice(0, 1_500), rows.slice(1_000, 2_500), rows.slice(2_000)]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/sensor-devices/${device.id}/measurements`,
        headers: { authorization: `Bearer ${key}` },
        payload: { measurements: batch },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('answers per bucket what a brute-force count over the raw readings gives, from every table', async () => {
    const sources = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: START - DAY, max: START + SPAN }),
        fc.integer({ min: 1_000, max: SPAN + DAY }),
        fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 2_000 })),
        async (from, length, buckets) => {
          const to = from + length;
          const { plan, expected, median, count } = bruteForce(readings, from, to, buckets);
          const query = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&buckets=${buckets}&median=true`;
          const answer = await cast.call('client', 'GET', `/sensors/${sensorId}/measurements-aggregates?${query}`);
          expect(answer.statusCode, answer.body).toBe(200);
          const body = answer.json();
          sources.add(body.source);
          expect(body).toMatchObject({
            from: new Date(plan.from).toISOString(),
            to: new Date(plan.to).toISOString(),
            bucketSeconds: plan.bucketSeconds,
            source: plan.source,
          });
          expect(body.buckets.length).toBeLessThanOrEqual(buckets);
          expect(body.buckets.map((b: { avg: number }) => ({ ...b, avg: 0 }))).toEqual(
            expected.map((b) => ({ ...b, avg: 0 })),
          );
          for (const [i, bucket] of body.buckets.entries()) expect(bucket.avg).toBeCloseTo(expected[i]!.avg, 6);
          expect(body.trend.count).toBe(count);
          expect(body.trend.median).toEqual(median === null ? null : expect.closeTo(median, 9));
          if (count > 0) {
            expect(body.trend.min).toBe(Math.min(...expected.map((b) => b.min)));
            expect(body.trend.max).toBe(Math.max(...expected.map((b) => b.max)));
          }
        },
      ),
      { numRuns: 60 },
    );
    expect([...sources].sort()).toEqual(['hour', 'minute', 'raw']);
  });

  it('answers the raw readings of a range in order, as rows or as chart columns, and says when it cut them', async () => {
    const sorted = [...readings].sort((a, b) => a.ms - b.ms);
    const from = new Date(sorted[10]!.ms).toISOString();
    const to = new Date(sorted[30]!.ms).toISOString();
    const rows = (await cast.call('client', 'GET', `/sensors/${sensorId}/measurements?from=${from}&to=${to}`)).json();
    expect(rows.truncated).toBe(false);
    expect(rows.measurements).toEqual(
      sorted.slice(10, 30).map((r) => ({ ts: new Date(r.ms).toISOString(), value: r.value })),
    );
    const columns = (
      await cast.call(
        'client',
        'GET',
        `/sensors/${sensorId}/measurements?from=${from}&to=${to}&isFrontend=true&limit=5`,
      )
    ).json();
    expect(columns).toEqual({
      t: sorted.slice(10, 15).map((r) => r.ms / 1000),
      v: sorted.slice(10, 15).map((r) => r.value),
      truncated: true,
    });
  });
});
