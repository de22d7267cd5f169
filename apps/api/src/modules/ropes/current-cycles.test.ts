import { queryRows } from '@rope/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArea, seedEvents, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { loadRopeCycles, ropeCyclesQuery } from './current-cycles.ts';

const measurement = (timestamp: string, bendingCycles: unknown, isDeleted = false) => ({
  position: null,
  isDeleted,
  attributes: { timestamp, recordingType: 'measurement', type: 'mrtInspection', bendingCycles } as never,
});

describe("a rope's newest measured count", () => {
  let t: TestApp;
  let ropeId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const area = await seedArea(t.ctx.db, (await seedMandator(t.ctx.db)).id);
    ropeId = (await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, area.id)).id)).id;
    // 300 damages without a count, and the measurements among them.
    await seedEvents(
      t.ctx.db,
      ropeId,
      Array.from({ length: 300 }, (_, i) => ({
        position: i,
        attributes: { timestamp: `2026-0${1 + (i % 9)}-01T00:00:00Z` } as never,
      })),
    );
    await seedEvents(t.ctx.db, ropeId, [
      measurement('2026-03-01T00:00:00Z', 480_000),
      measurement('2026-05-01T00:00:00Z', 540_000),
      measurement('2026-06-01T00:00:00Z', 560_000, true),
      measurement('2026-07-01T00:00:00Z', '590000'),
    ]);
    await queryRows(t.ctx.db, sql`analyze rope_events`);
  });
  afterAll(() => t.close());

  it('is the newest live event whose count is a number', async () => {
    const cycles = await loadRopeCycles(t.ctx.db, [ropeId], new Date('2026-08-01T00:00:00Z'));
    expect(cycles.get(ropeId)?.lastMeasured).toEqual({ bendingCycles: 540_000, timestamp: '2026-05-01T00:00:00Z' });
  });

  it('is found through its partial index, without reading the attributes of every event', async () => {
    const { sql: text } = ropeCyclesQuery(t.ctx.db).getQuery();
    const plan = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql.raw(`explain (format json) ${text.replace('$1', `'{${ropeId}}'`)}`),
    );
    expect(JSON.stringify(plan)).toContain('rope_events_measured_cycles_index');
  });
});
