import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { truscanMeasurements } from '@rope/db/schema/index';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { multipart } from '../../../test/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/** Deleting a rope, an installation or an area takes its TRUscan files from the file store, and nothing else. */
describe('TRUscan files of deleted ropes', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  const ids = { area: 0, otherArea: 0, installation: 0, otherInstallation: 0 };
  /** The ropes in order: two of the installation, one of its sibling, one of another area. */
  const ropeIds: number[] = [];
  const keysOf = new Map<number, string[]>();

  /** On disk, not through the store's own bookkeeping: the file store keeps `DATA_DIR/files/<key>`. */
  const onDisk = (key: string) => existsSync(join(t.ctx.env.DATA_DIR, 'files', key));
  const present = (ropeId: number) => keysOf.get(ropeId)!.map(onDisk);

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    await cast.add('admin', ['ROLE_ADMIN'], []);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    ids.area = (await seedArea(t.ctx.db, mandator.id)).id;
    ids.otherArea = (await seedArea(t.ctx.db, mandator.id)).id;
    ids.installation = (await seedInstallation(t.ctx.db, ids.area)).id;
    ids.otherInstallation = (await seedInstallation(t.ctx.db, ids.area)).id;
    const elsewhere = (await seedInstallation(t.ctx.db, ids.otherArea)).id;
    for (const installationId of [ids.installation, ids.installation, ids.otherInstallation, elsewhere])
      ropeIds.push((await seedRope(t.ctx.db, installationId)).id);
    for (const [index, ropeId] of ropeIds.entries()) {
      const mea = generateMea({ bitDepth: 12, seed: 40 + index, recordedAt: Date.UTC(2026, 0, 10 + index) / 1000 });
      const body = multipart({}, [{ filename: `run-${index}.mea`, content: Buffer.from(mea.bytes) }]);
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/ropes/${ropeId}/events/upload/truscan`,
        headers: { ...body.headers, cookie: cast.cookies.admin! },
        payload: body.payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const rows = await t.ctx.db
        .select({ fileKey: truscanMeasurements.fileKey, traceKey: truscanMeasurements.traceKey })
        .from(truscanMeasurements)
        .where(eq(truscanMeasurements.ropeId, ropeId));
      keysOf.set(
        ropeId,
        rows.flatMap((row) => [row.fileKey, row.traceKey]),
      );
      expect(present(ropeId)).toEqual([true, true]);
    }
  });
  afterAll(() => t?.close());

  it('keeps every file when the delete is refused', async () => {
    expect((await cast.call('client', 'DELETE', `/ropes/${ropeIds[0]}`)).statusCode).toBe(403);
    expect((await cast.call('client', 'DELETE', `/areas/${ids.area}`)).statusCode).toBe(403);
    for (const ropeId of ropeIds) expect(present(ropeId)).toEqual([true, true]);
  });

  it('removes a deleted rope’s file and trace, and only those', async () => {
    expect((await cast.call('admin', 'DELETE', `/ropes/${ropeIds[0]}`)).statusCode).toBe(204);
    expect(present(ropeIds[0]!)).toEqual([false, false]);
    for (const ropeId of ropeIds.slice(1)) expect(present(ropeId)).toEqual([true, true]);
  });

  it('removes the files of a deleted installation’s ropes, not its sibling’s', async () => {
    expect((await cast.call('admin', 'DELETE', `/installations/${ids.installation}`)).statusCode).toBe(204);
    expect(present(ropeIds[1]!)).toEqual([false, false]);
    expect(present(ropeIds[2]!)).toEqual([true, true]);
    expect(present(ropeIds[3]!)).toEqual([true, true]);
  });

  it('leaves no file behind and loses none when an upload races the delete of its rope', async () => {
    for (let round = 0; round < 3; round++) {
      const ropeId = (await seedRope(t.ctx.db, ids.otherInstallation)).id;
      const mea = generateMea({ bitDepth: 24, seed: 90 + round, recordedAt: Date.UTC(2026, 1, 1 + round) / 1000 });
      const body = multipart({}, [{ filename: `race-${round}.mea`, content: Buffer.from(mea.bytes) }]);
      const [uploaded, deleted] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/ropes/${ropeId}/events/upload/truscan`,
          headers: { ...body.headers, cookie: cast.cookies.admin! },
          payload: body.payload,
        }),
        cast.call('admin', 'DELETE', `/ropes/${ropeId}`),
      ]);
      expect(deleted.statusCode).toBe(204);
      // Either the upload came first and went with the rope, or it found the rope gone.
      expect([200, 404], uploaded.body).toContain(uploaded.statusCode);
    }
    const rows = await t.ctx.db
      .select({ fileKey: truscanMeasurements.fileKey, traceKey: truscanMeasurements.traceKey })
      .from(truscanMeasurements);
    const referenced = new Set(rows.flatMap((row) => [row.fileKey, row.traceKey]));
    const stored = ['truscan', 'truscan-traces'].flatMap((prefix) => {
      const dir = join(t.ctx.env.DATA_DIR, 'files', prefix);
      return existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => !name.endsWith('.meta.json'))
            .map((name) => `${prefix}/${name}`)
        : [];
    });
    expect(stored.sort()).toEqual([...referenced].sort());
  });

  it('removes the files of every rope of a deleted area, not another area’s', async () => {
    expect((await cast.call('admin', 'DELETE', `/areas/${ids.area}`)).statusCode).toBe(204);
    expect(present(ropeIds[2]!)).toEqual([false, false]);
    expect(present(ropeIds[3]!)).toEqual([true, true]);
    const left = await t.ctx.db.select({ ropeId: truscanMeasurements.ropeId }).from(truscanMeasurements);
    expect(left.map((row) => row.ropeId)).toEqual([ropeIds[3]]);
  });
});
