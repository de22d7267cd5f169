import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { installations, ropeDamageInputs, ropes } from '@rope/db/schema/index';
import { type DamageChartAnswer, decodeDamageChart } from '@rope/domain/ropes/damage-chart-answer';
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
import { readDamageInputs } from '../damage/inputs.ts';

/** Two connections at once: PGlite has one. */
const onPostgresOnly = process.env.DATABASE_URL ? '' : ' (skipped: needs DATABASE_URL, a PostgreSQL server)';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'de-CH,de;q=0.9' };
const breaks = wireBreakAttributes;

/** The damage chart's ETag and the answers kept per rope: 304 while unchanged, a new answer after any change. */
describe('damage chart ETag', () => {
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
    const otherRope = await seedRope(
      t.ctx.db,
      (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id,
    );
    otherRopeId = otherRope.id;
    await seedEvents(t.ctx.db, otherRopeId, [{ position: 5, attributes: breaks(1) }]);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('stranger', ['ROLE_USER'], [other.id]);
  });
  afterAll(() => t.close());

  async function ropeWith(positions: number[]) {
    const rope = await seedRope(t.ctx.db, installationId);
    await t.ctx.db
      .update(ropes)
      .set({ attributes: { ...WORKED_EXAMPLE_ROPE, loopLength: 300 } })
      .where(eq(ropes.id, rope.id));
    await seedEvents(
      t.ctx.db,
      rope.id,
      positions.map((position) => ({ position, attributes: breaks(2) })),
    );
    return rope.id;
  }

  const chart = (who: string, ropeId: number, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({
      url: `/api/ropes/${ropeId}/events/damage${query}`,
      headers: { cookie: cast.cookies[who]!, ...BROWSER, ...headers },
    });
  /** The answer's JSON text, as the browser reads it after undoing the Content-Encoding. */
  const text = (answer: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const encoding = answer.headers['content-encoding'];
    const raw = answer.rawPayload;
    const decompress = { br: brotliDecompressSync, gzip: gunzipSync, zstd: zstdDecompressSync }[String(encoding)];
    return (decompress ? decompress(raw) : raw).toString();
  };
  const damagePositions = (answer: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    Array.from(decodeDamageChart(JSON.parse(text(answer)) as DamageChartAnswer).damages.position);

  it('answers with a weak ETag the browser revalidates, and 304 without a body while nothing changed', async () => {
    const ropeId = await ropeWith([10, 20]);
    const first = await chart('client', ropeId, { 'accept-encoding': 'identity' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"damage-[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(damagePositions(first)).toEqual([10, 20]);

    const again = await chart('client', ropeId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // A list of tags, the strong form of the same tag and `*` name it as well; another tag does not.
    expect((await chart('client', ropeId, { 'if-none-match': `"x", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await chart('client', ropeId, { 'if-none-match': '*' })).statusCode).toBe(304);
    expect((await chart('client', ropeId, { 'if-none-match': 'W/"damage-other"' })).statusCode).toBe(200);

    // The kept answer goes out byte for byte, compressed as asked, with the same ETag in every encoding.
    const kept = await chart('client', ropeId, { 'accept-encoding': 'identity' });
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
    const brotli = await chart('client', ropeId);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(etag);
    expect(text(brotli)).toBe(first.body);
    for (const [accepted, sent] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['*', 'gzip'],
      ['x-gzip', 'gzip'],
      ['zstd', 'zstd'],
      ['identity', undefined],
    ] as const) {
      const answer = await chart('client', ropeId, { 'accept-encoding': accepted });
      expect(answer.headers['content-encoding'], accepted).toBe(sent);
      expect(answer.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(text(answer), accepted).toBe(first.body);
    }
  });

  it('answers a rope of another mandator as missing, whatever If-None-Match says', async () => {
    const own = await chart('stranger', otherRopeId);
    expect(own.statusCode).toBe(200);
    const foreign = await chart('client', otherRopeId, { 'if-none-match': own.headers.etag as string });
    const missing = await chart('client', 2_000_000_000, { 'if-none-match': '*' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.headers.etag).toBeUndefined();
  });

  it('names each filter and day apart', async () => {
    const ropeId = await ropeWith([10]);
    const tags = new Set<unknown>();
    for (const query of ['', '?damageFilter=manual', '?damageFilter=mrt', '?dateFilter=2026-02-01']) {
      const answer = await chart('client', ropeId, {}, query);
      expect(answer.statusCode, query).toBe(200);
      tags.add(answer.headers.etag);
    }
    expect(tags.size).toBe(4);
    expect(damagePositions(await chart('client', ropeId, {}, '?dateFilter=2026-02-01'))).toEqual([]);
  });

  it('answers anew after a change through the API, to the rope settings and to the loop length', async () => {
    const ropeId = await ropeWith([10]);
    let etag = (await chart('client', ropeId)).headers.etag as string;
    const changes: [string, () => Promise<unknown>, number[]][] = [
      [
        'an event saved',
        async () => {
          const saved = await cast.call('client', 'POST', '/events', {
            ropeEvent: { rope: { id: ropeId }, position: 30, attributes: breaks(1) },
          });
          expect(saved.statusCode, saved.body).toBe(200);
        },
        [10, 30],
      ],
      [
        'the nominal diameter, the loop taken from the installation',
        () =>
          t.ctx.db
            .update(ropes)
            .set({ attributes: { ...WORKED_EXAMPLE_ROPE, nominalDiameter: 52 } })
            .where(eq(ropes.id, ropeId)),
        [10, 30],
      ],
      [
        "the installation's loop length",
        () =>
          t.ctx.db
            .update(installations)
            .set({ attributes: { loopLength: 250 } })
            .where(eq(installations.id, installationId)),
        [10, 30],
      ],
    ];
    for (const [what, change, positions] of changes) {
      await change();
      const answer = await chart('client', ropeId, { 'if-none-match': etag });
      expect(answer.statusCode, what).toBe(200);
      expect(answer.headers.etag, what).not.toBe(etag);
      expect(damagePositions(answer), what).toEqual(positions);
      etag = answer.headers.etag as string;
    }
  });

  it('sees a change made outside the API, merged into the packed copy on the read', async () => {
    const ropeId = await ropeWith([10]);
    const etag = (await chart('client', ropeId)).headers.etag as string;
    const writes = [
      sql`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
          values (${ropeId}, 40, ${JSON.stringify(breaks(3))}::jsonb, now(), 'damage', 'wireBreak')`,
      sql`update rope_events set position = 41 where rope_id = ${ropeId} and position = 40`,
      sql`delete from rope_events where rope_id = ${ropeId} and position = 41`,
    ];
    const expected = [[10, 40], [10, 41], [10]];
    const tags = new Set([etag]);
    for (const [i, write] of writes.entries()) {
      await t.ctx.db.execute(write);
      // The copy stands, with the changed event named beside it.
      const kept = (await readDamageInputs(t.ctx.db, ropeId))!;
      expect(kept.changes).toBe(1);
      expect(Array.from(kept.rows.position)).toEqual(expected[i]);
      const answer = await chart('client', ropeId, { 'if-none-match': [...tags].join(', ') });
      expect(answer.statusCode).toBe(200);
      expect(damagePositions(answer)).toEqual(expected[i]);
      tags.add(answer.headers.etag as string);
    }
    expect(tags.size).toBe(4);
  });

  it('makes the packed copy again on the read when a change outside the API dropped it', async () => {
    const ropeId = await ropeWith([10]);
    await chart('client', ropeId);
    // A statement writing more events of the rope than a merge is worth (an import) drops the copy; the copy made
    // again (69 KB) is read in two pieces.
    await t.ctx.db.execute(
      sql`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
          select ${ropeId}, 100 + n, ${JSON.stringify(breaks(1))}::jsonb, now(), 'damage', 'wireBreak'
          from generate_series(1, 2100) as n`,
    );
    expect(await readDamageInputs(t.ctx.db, ropeId)).toBeUndefined();
    const answer = await chart('client', ropeId);
    expect(damagePositions(answer)).toHaveLength(2101);
    const kept = (await readDamageInputs(t.ctx.db, ropeId))!;
    expect(kept.changes).toBe(0);
    expect(kept.rows.position).toHaveLength(2101);
    expect(Array.from(kept.rows.position)).toEqual([10, ...Array.from({ length: 2100 }, (_, n) => 101 + n)]);
  });

  it.runIf(process.env.DATABASE_URL)(
    `never keeps a copy older than a write that was under way while the chart was read${onPostgresOnly}`,
    async () => {
      const ropeId = await ropeWith([10]);
      await t.ctx.db.delete(ropeDamageInputs).where(eq(ropeDamageInputs.ropeId, ropeId));
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      // A writer on its own connection: inserted (the trigger holds the rope row), not committed yet.
      const writer = t.ctx.database.postgres!.begin(async (tx) => {
        await tx`insert into rope_events (rope_id, position, attributes, occurred_at, recording_type, type)
                 values (${ropeId}, 50, ${JSON.stringify(breaks(1))}::jsonb, now(), 'damage', 'wireBreak')`;
        inserted();
        await released;
      });
      await insertedYet;
      const reading = chart('client', ropeId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await writer;
      const answer = await reading;
      expect(answer.statusCode).toBe(200);
      expect(damagePositions(answer)).toEqual([10, 50]);
      expect(Array.from((await readDamageInputs(t.ctx.db, ropeId))!.rows.position)).toEqual([10, 50]);
    },
  );

  it('answers a rope whose events never changed since the stamps came, without an ETag', async () => {
    const ropeId = await ropeWith([]);
    const answer = await chart('client', ropeId, { 'if-none-match': '*' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.etag).toBeUndefined();
  });
});
