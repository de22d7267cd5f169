import { queryRows } from '@rope/db/client';
import { ropeEvents, ropes } from '@rope/db/schema/index';
import { EVENT_TYPES_BY_RECORDING, type RopeEventAttributes } from '@rope/domain/events/schemas';
import { type DamageChartAnswer, damageWindow, decodeDamageChart } from '@rope/domain/ropes/damage-chart-answer';
import { endOfDay, isDamage } from '@rope/domain/ropes/effective-events';
import { computeRopeDamage } from '@rope/domain/ropes/rope-damage';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
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
import { mulberry32 } from '../../demo/random.ts';
import { readDamageInputs } from './inputs.ts';
import { computeDamageOf, loadDamageTarget, loadRopeForDamage, recomputeRopeDamages } from './recompute.ts';
import { readDamageRows } from './rows.ts';

const HAUL_ROPE = { ...WORKED_EXAMPLE_ROPE, loopLength: 300 } as const;

const wireBreaks = (position: number, damageCount: number) => ({
  position,
  attributes: wireBreakAttributes(damageCount),
});

/** A deterministic stream of numbers in [0, 1). */
describe('damage chart from bulk rows', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let installationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    installationId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('admin', ['ROLE_ADMIN'], []);
  });
  afterAll(() => t.close());

  async function ropeWith(
    events: { position: number | null; attributes: RopeEventAttributes }[],
    attributes: Partial<typeof HAUL_ROPE & { positionOffset: number }> = {},
  ) {
    const rope = await seedRope(t.ctx.db, installationId);
    await t.ctx.db
      .update(ropes)
      .set({ attributes: { ...HAUL_ROPE, ...attributes } })
      .where(eq(ropes.id, rope.id));
    await seedEvents(t.ctx.db, rope.id, events);
    return rope.id;
  }

  it('marks exactly the events the domain counts as located damages', async () => {
    const events = Object.entries(EVENT_TYPES_BY_RECORDING).flatMap(([recordingType, types]) =>
      types.flatMap((type) =>
        [12.5, null].map((position) => ({
          position,
          attributes: {
            timestamp: '2026-01-01T00:00:00Z',
            recordingType,
            type,
            actionStatus: 'new',
            isImported: false,
          } as RopeEventAttributes,
        })),
      ),
    );
    const ropeId = await ropeWith(events);
    const marked = await t.ctx.db
      .select({ id: ropeEvents.id })
      .from(ropeEvents)
      .where(and(eq(ropeEvents.ropeId, ropeId), isNotNull(ropeEvents.damageFields)));
    const loaded = (await loadRopeForDamage(t.ctx.db, ropeId))!;
    const expected = loaded.events.filter((event) => isDamage(event) && event.position !== null).map((e) => e.id);
    expect(marked.map((row) => row.id).sort()).toEqual(expected.sort());
    expect(expected).toHaveLength(5);
  });

  it.each([0, 17.3])(
    'computes what the domain computes from the whole events, with every filter and date (position offset %s m)',
    async (positionOffset) => {
      const random = mulberry32(42);
      const events = Array.from({ length: 400 }, (_, i) => {
        const lossKind = i % 7;
        return {
          // Positions with long binary fractions, beyond the loop, and ties.
          position: i % 50 === 0 ? 100 : Math.round(random() * 400 * 1e9) / 1e9 + 0.1 + 0.2,
          attributes: {
            timestamp: new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 300) * 86_400_000).toISOString(),
            recordingType: 'damage',
            type: i % 5 === 0 ? 'corrosion' : 'wireBreak',
            actionStatus: 'new',
            isImported: false,
            damageCount: Math.floor(random() * 4),
            ...(lossKind === 1 ? { crossSectionLossAmount: random() * 3, crossSectionLossUnit: 'percent' } : {}),
            ...(lossKind === 2 ? { crossSectionLossAmount: random() * 30, crossSectionLossUnit: 'mm2' } : {}),
            detection: i % 3 === 0 ? 'mrt' : 'manual',
          } as RopeEventAttributes,
        };
      });
      const ropeId = await ropeWith(events, { positionOffset });
      let target = (await loadDamageTarget(t.ctx.db, ropeId))!;
      let loaded = (await loadRopeForDamage(t.ctx.db, ropeId))!;
      expect(await readDamageRows(t.ctx.db, ropeId, false)).toBeDefined();
      // First from the rows in bulk, then from the packed copy the recomputation writes, then from that copy with
      // changes made in SQL merged in, then from a copy sorted for another offset than the rope now has (its settings
      // changed without a recomputation).
      expect(await readDamageInputs(t.ctx.db, ropeId)).toBeUndefined();
      const paths = ['rows', 'copy', 'merged changes', 'stale copy'] as const;
      for (const path of paths) {
        if (path === 'copy') {
          await recomputeRopeDamages(t.ctx.db, ropeId);
          expect((await readDamageInputs(t.ctx.db, ropeId))?.rows.sortedForOffset).toBe(positionOffset);
        }
        if (path === 'merged changes') {
          await seedEvents(
            t.ctx.db,
            ropeId,
            events.slice(0, 10).map((event, i) => ({ ...event, position: i * 37.5 })),
          );
          const ids = (await loadRopeForDamage(t.ctx.db, ropeId))!.events
            .map((event) => event.id)
            .sort((a, b) => a - b);
          const [moved, broken, hidden, gone] = [
            ids.slice(20, 25),
            ids.slice(25, 27),
            ids.slice(30, 33),
            ids.slice(40, 42),
          ];
          await t.ctx.db.execute(
            sql`update rope_events set position = position + 3.25 where id in ${sql.raw(`(${moved.join(',')})`)}`,
          );
          await t.ctx.db.execute(
            sql`update rope_events set attributes = attributes || '{"damageCount": 3, "detection": "mrt"}'::jsonb
                where id in ${sql.raw(`(${broken.join(',')})`)}`,
          );
          await t.ctx.db.execute(
            sql`update rope_events set is_deleted = true where id in ${sql.raw(`(${hidden.join(',')})`)}`,
          );
          await t.ctx.db.execute(sql`delete from rope_events where id in ${sql.raw(`(${gone.join(',')})`)}`);
          expect((await readDamageInputs(t.ctx.db, ropeId))?.changes).toBe(22);
          loaded = (await loadRopeForDamage(t.ctx.db, ropeId))!;
        }
        if (path === 'stale copy') {
          await t.ctx.db
            .update(ropes)
            .set({ attributes: { ...HAUL_ROPE, positionOffset: positionOffset + 41.7 } })
            .where(eq(ropes.id, ropeId));
          target = (await loadDamageTarget(t.ctx.db, ropeId))!;
          loaded = (await loadRopeForDamage(t.ctx.db, ropeId))!;
          expect(await readDamageInputs(t.ctx.db, ropeId)).toBeDefined();
        }
        for (const damageFilter of [undefined, 'manual', 'mrt'] as const) {
          for (const asOf of [undefined, endOfDay('2025-06-30')]) {
            const bulk = await computeDamageOf(t.ctx.db, target, { damageFilter, asOf });
            const whole = computeRopeDamage(loaded.rope.attributes, loaded.events, {
              damageFilter,
              asOf,
              loopLength: target.loopLength,
            });
            expect(bulk.damage).toBe(whole.damage);
            expect(Array.from(bulk.damages.position)).toEqual(Array.from(whole.damages.position));
            expect(Array.from(bulk.damages.lossPct)).toEqual(Array.from(whole.damages.lossPct));
            expect(bulk.series.map((series) => Array.from(series.windows.sum))).toEqual(
              whole.series.map((series) => Array.from(series.windows.sum)),
            );
          }
        }
      }
    },
  );

  it('keeps the packed copy current on any change to the events, however it is made', async () => {
    const breaks = {
      timestamp: '2026-03-01T10:00:00Z',
      recordingType: 'damage',
      type: 'wireBreak',
      actionStatus: 'new',
      isImported: false,
      damageCount: 2,
    } as RopeEventAttributes;
    const ropeId = await ropeWith([{ position: 10, attributes: breaks }]);
    await recomputeRopeDamages(t.ctx.db, ropeId);
    const kept = async () => {
      const copy = (await readDamageInputs(t.ctx.db, ropeId))!;
      return { positions: Array.from(copy.rows.position), changes: copy.changes, history: copy.history };
    };
    const changes = [
      [
        sql`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
            values (${ropeId}, 11, ${JSON.stringify(breaks)}::jsonb, now(), 'damage', 'wireBreak')`,
        [10, 11],
      ],
      [sql`update rope_events set position = 9 where rope_id = ${ropeId} and position = 11`, [9, 10]],
      [sql`update rope_events set is_deleted = true where rope_id = ${ropeId} and position = 10`, [9]],
      [sql`delete from rope_events where rope_id = ${ropeId} and position = 9`, []],
    ] as const;
    for (const [change, positions] of changes) {
      await t.ctx.db.execute(change);
      expect(await kept()).toEqual({ positions, changes: expect.any(Number), history: false });
      expect((await kept()).changes).toBeGreaterThan(0);
    }
    // An event that is not a damage with a position changes nothing.
    const before = (await kept()).changes;
    await t.ctx.db.execute(
      sql`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
          values (${ropeId}, null, ${JSON.stringify({ ...breaks, recordingType: 'measurement', type: 'visualInspection' })}::jsonb,
                  now(), 'measurement', 'visualInspection')`,
    );
    expect((await kept()).changes).toBe(before);
    // A mutation makes the rope need its whole events: the merged rows say so, and the next write drops the copy.
    await t.ctx.db.execute(
      sql`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
          values (${ropeId}, 5, ${JSON.stringify({ ...breaks, recordingType: 'mutation', type: 'shortening' })}::jsonb,
                  now(), 'mutation', 'shortening')`,
    );
    expect((await kept()).history).toBe(true);
    await recomputeRopeDamages(t.ctx.db, ropeId);
    expect(await readDamageInputs(t.ctx.db, ropeId)).toBeUndefined();
  });

  it('folds the changes into the copy once they are many', async () => {
    const breaks = (position: number) => wireBreaks(position, 1);
    const ropeId = await ropeWith([breaks(1)]);
    await recomputeRopeDamages(t.ctx.db, ropeId);
    for (let i = 2; i <= 18; i += 1) await seedEvents(t.ctx.db, ropeId, [breaks(i)]);
    const gathered = (await readDamageInputs(t.ctx.db, ropeId))!;
    expect(gathered.changes).toBe(17);
    // The writer (the recomputation every API write runs) folds them in: the same rows, no change left to merge.
    await recomputeRopeDamages(t.ctx.db, ropeId);
    const folded = (await readDamageInputs(t.ctx.db, ropeId))!;
    expect(folded.changes).toBe(0);
    expect(Array.from(folded.rows.position)).toEqual(Array.from(gathered.rows.position));
    expect(folded.rows.position).toHaveLength(18);
  });

  it('zooms the events table on the positions the chart draws: shifted by mutations, wrapped on the loop', async () => {
    const at = (timestamp: string, extra: object) =>
      ({ timestamp, actionStatus: 'new', isImported: false, ...extra }) as RopeEventAttributes;
    const damageAt = (position: number) => ({
      position,
      attributes: at('2024-01-01T00:00:00Z', { recordingType: 'damage', type: 'wireBreak', damageCount: 1 }),
    });
    const ropeId = await ropeWith([
      damageAt(100),
      damageAt(200),
      damageAt(310),
      {
        position: 150,
        attributes: at('2025-01-01T00:00:00Z', { recordingType: 'mutation', type: 'extension', lengthChange: 10 }),
      },
    ]);
    const zoomed = async (from: number, to: number) =>
      (await cast.call('client', 'GET', `/ropes/${ropeId}/events?positionFrom=${from}&positionTo=${to}`))
        .json()
        .ropeEvents.map((event: { position: number }) => event.position);
    const chart = decodeDamageChart(
      (await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`)).json() as DamageChartAnswer,
    );
    // 200 and 310 lie beyond the extension at 150 and move by 10 m; 320 wraps to 20 on the 300 m loop.
    expect(Array.from(chart.damages.position)).toEqual([20, 100, 210]);
    expect(await zoomed(205, 215)).toEqual([200]);
    expect(await zoomed(195, 205)).toEqual([]);
    expect(await zoomed(15, 25)).toEqual([310]);
    expect(await zoomed(90, 160)).toEqual(expect.arrayContaining([100, 150]));
  });

  it('puts MRT findings at datum positions by the position offset, in the chart and the zoomed table', async () => {
    const at = (extra: object) =>
      ({ timestamp: '2024-01-01T00:00:00Z', actionStatus: 'new', isImported: false, ...extra }) as RopeEventAttributes;
    // The device's zero lies 12.5 m from the datum: the MRT reads 87.5 m where the inspector marked 100 m.
    const ropeId = await ropeWith(
      [
        { position: 100, attributes: at({ recordingType: 'damage', type: 'wireBreak', damageCount: 2 }) },
        {
          position: 87.5,
          attributes: at({
            recordingType: 'damage',
            type: 'wireBreak',
            damageCount: 2,
            detection: 'mrt',
            isImported: true,
          }),
        },
      ],
      { positionOffset: 12.5 },
    );
    for (const path of ['rows', 'copy']) {
      if (path === 'copy') await recomputeRopeDamages(t.ctx.db, ropeId);
      const answer = (await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`)).json() as DamageChartAnswer;
      const chart = decodeDamageChart(answer);
      expect(answer.positionOffset).toBe(12.5);
      expect(Array.from(chart.damages.position)).toEqual([100, 100]);
      // One 6d window holds both: 4 broken wires.
      expect(damageWindow(chart, 0, 0).count).toBe(4);
    }
    const zoomed = async (from: number, to: number) =>
      (await cast.call('client', 'GET', `/ropes/${ropeId}/events?positionFrom=${from}&positionTo=${to}`))
        .json()
        .ropeEvents.map((event: { position: number }) => event.position)
        .sort();
    expect(await zoomed(99, 101)).toEqual([100, 87.5].sort());
    expect(await zoomed(80, 90)).toEqual([]);
  });

  it('answers the damage after each inspection over time and cycles, with the forecast band from the first', async () => {
    const at = (timestamp: string, extra: object) =>
      ({ timestamp, actionStatus: 'new', isImported: false, ...extra }) as RopeEventAttributes;
    const inspection = (timestamp: string, bendingCycles: number) => ({
      position: null,
      attributes: at(timestamp, { recordingType: 'measurement', type: 'mrtInspection', bendingCycles }),
    });
    const wires = (timestamp: string, position: number, damageCount: number) => ({
      position,
      attributes: at(timestamp, { recordingType: 'damage', type: 'wireBreak', damageCount }),
    });
    // One 6d window fills up: 1, then 2, then 4 broken wires (0.864 % each) against the 6 % limit.
    const ropeId = await ropeWith([
      wires('2024-01-10T00:00:00Z', 50, 1),
      inspection('2024-02-01T00:00:00Z', 200_000),
      wires('2024-06-10T00:00:00Z', 50.05, 1),
      inspection('2024-07-01T00:00:00Z', 400_000),
      wires('2024-11-10T00:00:00Z', 50.1, 2),
      inspection('2024-12-01T00:00:00Z', 600_000),
    ]);
    const loss = async (query: string) =>
      (await cast.call('client', 'GET', `/ropes/${ropeId}/events/lossOverTarget?${query}`)).json();
    // Every damage event and every inspection is a point: an inspection adds one, it hides none (issue 23).
    const byTime = await loss('xAxis=timestamp');
    const perWire = (100 * 0.864) / 6;
    expect(byTime.result.map((point: { damage: number }) => point.damage)).toEqual(
      [1, 1, 2, 2, 4, 4].map((wires) => expect.closeTo(wires * perWire, 1)),
    );
    expect(byTime.result.map((point: { bendingCycles: number }) => point.bendingCycles)).toEqual([
      null,
      200_000,
      null,
      400_000,
      null,
      600_000,
    ]);
    const first = Date.parse('2024-01-10T00:00:00Z');
    const { discardAt, bandFrom, bandTo } = byTime.forecast;
    expect(discardAt).toBeGreaterThan(Date.parse('2024-12-01T00:00:00Z'));
    expect(bandFrom).toBeCloseTo(first + 0.7 * (discardAt - first), -3);
    expect(bandTo).toBeCloseTo(first + 1.3 * (discardAt - first), -3);
    // On the cycle axis only the points that know their cycles.
    const byCycles = await loss('xAxis=bendingCycles');
    expect(byCycles.result.map((point: { bendingCycles: number }) => point.bendingCycles)).toEqual([
      200_000, 400_000, 600_000,
    ]);
    expect(byCycles.forecast.bandFrom).toBeCloseTo(0.7 * byCycles.forecast.discardAt, 3);
    const ranged = await loss('xAxis=bendingCycles&rangeFrom=300000');
    expect(ranged.result).toHaveLength(2);
    // Below three points the expected service life stands in (1,000,000 cycles by default).
    expect(ranged.forecast).toMatchObject({ model: 'serviceLife', discardAt: 1_000_000 });
    for (const bound of ['0x10', ' 300000', 'soon', '1e5']) {
      const refused = await cast.call('client', 'GET', `/ropes/${ropeId}/events/lossOverTarget?rangeFrom=${bound}`);
      expect(refused.statusCode, bound).toBe(400);
    }
  });

  it('recomputes the stored damage when rope settings or the loop length change', async () => {
    const breaks = wireBreaks;
    const ropeId = await ropeWith([breaks(299.9, 3), breaks(0.05, 3)]);
    await t.ctx.db.update(ropes).set({ attributes: WORKED_EXAMPLE_ROPE }).where(eq(ropes.id, ropeId));
    await recomputeRopeDamages(t.ctx.db, ropeId);
    const stored = async () =>
      (await t.ctx.db.select({ damages: ropes.damages }).from(ropes).where(eq(ropes.id, ropeId)))[0]!.damages!.damage;
    const chart = async () =>
      decodeDamageChart(
        (await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`)).json() as DamageChartAnswer,
      );
    const open = await stored();
    // The installation's loop length makes the haul rope endless: the two groups of breaks share a 6d window.
    const looped = await cast.call('admin', 'PATCH', `/installations/${installationId}`, {
      installation: { attributes: { loopLength: 300 } },
    });
    expect(looped.statusCode).toBe(200);
    expect(await stored()).toBeGreaterThan(open!);
    const thinner = await cast.call('admin', 'PATCH', `/ropes/${ropeId}`, {
      rope: { attributes: { ...WORKED_EXAMPLE_ROPE, nominalDiameter: 30 } },
    });
    expect(thinner.statusCode).toBe(200);
    expect(thinner.json().rope.damages.damage).toBe(await stored());
    expect((await chart()).damages.id).toHaveLength(2);
    const answer = (await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`)).json();
    expect(await stored()).toBeCloseTo(answer.damage!, 3);
  });

  it('keeps every event in the copy when two writers save to one rope at once', async () => {
    const ropeId = await ropeWith([]);
    const save = (position: number) =>
      cast.call('client', 'POST', '/events', {
        ropeEvent: {
          rope: { id: ropeId },
          position,
          attributes: { timestamp: '2026-03-01T10:00:00Z', recordingType: 'damage', type: 'wireBreak', damageCount: 1 },
        },
      });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((position) => save(position)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const copy = (await readDamageInputs(t.ctx.db, ropeId))!;
    expect(Array.from(copy.rows.position)).toEqual([1, 2, 3, 4, 5, 6]);
    const stored = await t.ctx.db.select({ damages: ropes.damages }).from(ropes).where(eq(ropes.id, ropeId));
    const whole = computeRopeDamage(HAUL_ROPE, (await loadRopeForDamage(t.ctx.db, ropeId))!.events, {
      loopLength: HAUL_ROPE.loopLength,
    });
    expect(stored[0]!.damages!.damage).toBeCloseTo(whole.damage!, 3);
  });

  it('answers columns a client decodes into windows {position, count, lossPct, events, damagePosition}', async () => {
    const breaks = wireBreaks;
    const ropeId = await ropeWith([breaks(100, 2), breaks(100.1, 1), breaks(5, 1), breaks(100.5, 1), breaks(299.9, 4)]);
    const response = await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const chart = decodeDamageChart(response.json() as DamageChartAnswer);
    expect(Array.from(chart.damages.position)).toEqual([5, 100, 100.1, 100.5, 299.9]);
    expect(Array.from(chart.first)).toEqual([0, 1, 2, 3, 4]);
    // 6d = 0.24 m: the window at 100 holds 100 and 100.1; on the 300 m loop the 20 m window at 299.9 wraps to 5.
    expect(damageWindow(chart, 0, 1)).toMatchObject({ position: 100, count: 3, damagePosition: 100 });
    expect(damageWindow(chart, 2, 4)).toMatchObject({ position: 299.9, count: 5, damagePosition: 299.9 });
    expect(damageWindow(chart, 2, 4).events).toHaveLength(2);
    expect(chart.series[0]!.value[1]).toBeCloseTo(3 * 0.8642, 3);
    const whole = await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage?damageFilter=mrt`);
    expect(decodeDamageChart(whole.json() as DamageChartAnswer).damages.id).toHaveLength(0);
  });
});

describe('packed copies when the events are emptied', () => {
  it('drops every copy and gives every rope a new stamp on TRUNCATE, which fires no row trigger', async () => {
    const t = await createTestApp();
    try {
      const mandator = await seedMandator(t.ctx.db);
      const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id);
      const rope = await seedRope(t.ctx.db, installation.id);
      await seedEvents(t.ctx.db, rope.id, [
        {
          position: 3,
          attributes: {
            timestamp: '2026-03-01T10:00:00Z',
            recordingType: 'damage',
            type: 'wireBreak',
            damageCount: 1,
          } as RopeEventAttributes,
        },
      ]);
      await recomputeRopeDamages(t.ctx.db, rope.id);
      const stamp = async () =>
        (
          await queryRows<{ stamp: string }>(
            t.ctx.db,
            sql`select stamp from rope_damage_stamps where rope_id = ${rope.id}`,
          )
        )[0]?.stamp;
      const before = await stamp();
      expect(await readDamageInputs(t.ctx.db, rope.id)).toBeDefined();
      await t.ctx.db.execute(sql`truncate rope_events cascade`);
      expect(await readDamageInputs(t.ctx.db, rope.id)).toBeUndefined();
      expect(await stamp()).not.toBe(before);
    } finally {
      await t.close();
    }
  });
});
