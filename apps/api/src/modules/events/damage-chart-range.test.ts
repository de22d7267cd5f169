import { ropes } from '@rope/db/schema/index';
import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import { type DamageChartAnswer, damageWindow, decodeDamageChart } from '@rope/domain/ropes/damage-chart-answer';
import { DAMAGE_CHART_BINS } from '@rope/domain/ropes/damage-chart-form';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { windowPoints } from '@rope/domain/ropes/windows';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedEvents, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { loadRopeForDamage } from '../damage/index.ts';

const DAMAGES = 2600;

/** A rope with more windows than a chart shows: its peaks over the whole rope, its damages over a range. */
describe('damage chart over a range', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
    ropeId = (await seedRope(t.ctx.db, installation.id)).id;
    await t.ctx.db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, ropeId));
    const attributes = (i: number): RopeEventAttributes => ({
      timestamp: '2026-03-01T10:00:00Z',
      recordingType: 'damage',
      type: 'wireBreak',
      actionStatus: 'new',
      isImported: false,
      damageCount: 1 + (i % 3),
    });
    await seedEvents(
      t.ctx.db,
      ropeId,
      Array.from({ length: DAMAGES }, (_, i) => ({ position: ((i * 7919) % 2600) + 0.25, attributes: attributes(i) })),
    );
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
  });
  afterAll(() => t.close());

  const chart = async (query = '') => {
    const answer = await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as DamageChartAnswer;
  };
  const domain = async () => {
    const loaded = (await loadRopeForDamage(t.ctx.db, ropeId))!;
    const result = computeRopeDamage(loaded.rope.attributes, loaded.events, { loopLength: loaded.loopLength });
    if (result.status !== 'computed') throw new Error('computed expected');
    return result;
  };

  it('answers the whole rope as peaks: the highest window per bin, the governing one among them', async () => {
    const answer = await chart();
    expect(answer.windows).toMatchObject({ form: 'peaks', total: DAMAGES, length: 0 });
    expect(answer.damageCount).toBe(DAMAGES);
    expect(answer.damages.length).toBe(0);
    const decoded = decodeDamageChart(answer);
    const result = await domain();
    result.series.forEach((series, index) => {
      const peaks = decoded.series[index]!.peaks!;
      expect(peaks.position.length).toBeLessThanOrEqual(DAMAGE_CHART_BINS);
      expect(Math.max(...peaks.value) / series.limit).toBeCloseTo(series.utilisation, 6);
      expect(answer.result[index]!.utilisation).toBe(series.utilisation);
    });
    expect(answer.damage).toBe(result.damage);
  });

  it('answers a range with every window starting in it and the damages they hold', async () => {
    const answer = await chart('?positionFrom=100&positionTo=180.5');
    expect(answer.windows.form).toBe('all');
    const decoded = decodeDamageChart(answer);
    const result = await domain();
    result.series.forEach((series, index) => {
      const expected = windowPoints(result.damages, series.windows).filter(
        (point) => point.position >= 100 && point.position <= 180.5,
      );
      expect(expected.length).toBeGreaterThan(50);
      const shown = Array.from(decoded.first, (_, w) => damageWindow(decoded, index, w));
      expect(shown.map(({ position, count, events }) => ({ position, count, events }))).toEqual(
        expected.map(({ position, count, events }) => ({ position, count, events })),
      );
    });
    // The whole rope's figures, whatever the range.
    expect(answer.damage).toBe(result.damage);
    expect(answer.damageCount).toBe(DAMAGES);
  });

  it('names each range apart, answers an empty range with no windows and refuses what is not a number', async () => {
    const whole = await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`);
    const part = await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage?positionFrom=100`);
    expect(part.headers.etag).not.toBe(whole.headers.etag);
    expect((await chart('?positionFrom=200&positionTo=100')).windows).toMatchObject({ form: 'all', total: 0 });
    for (const bad of ['abc', '1e3', '', '0x10', 'NaN']) {
      const answer = await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage?positionFrom=${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().key, bad).toBe('validation.decimalNumber');
    }
  });
});
