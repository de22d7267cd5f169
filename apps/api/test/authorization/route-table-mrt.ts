import { Readable } from 'node:stream';
import { ropeEvents, truscanMeasurements } from '@rope/db/schema/index';
import { readMeaHeader } from '@rope/domain/mrt/mea/decode';
import { generateMea } from '@rope/domain/mrt/mea/generate';
import { eq } from 'drizzle-orm';
import { storeMea, TRACE_BLOCK_SIZE } from '../../src/modules/mrt/trace-store.ts';
import { seedArea, seedEvent, seedInstallation, seedRope } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { only, type RouteRow, scoped, signedIn } from './route-table.ts';
import type { ActorName, Scope, World } from './world.ts';

/** Readers of what hangs on a rope (DOMAIN_READ): import keys may not read; the mandator-bound see their own. */
const read = (status = 200) => ({
  ...signedIn(status, { apiImport: 403 }),
  clientAdmin: scoped(status, 404),
  client: scoped(status, 404),
  freeUser: scoped(status, 404),
  apiExternal: scoped(status, 404),
});
/** Recording on the rope (DOMAIN_WRITE); import keys too where the device delivers its files. */
const write = (status: number, withImport = false) =>
  only({
    admin: status,
    projectManager: status,
    apiInternal: status,
    clientAdmin: scoped(status, 404),
    client: scoped(status, 404),
    ...(withImport ? { apiImport: scoped(status, 404) } : {}),
  });

let seed = 0;
/** A short file with one broken wire: a peak to decide on. */
const smallMea = () =>
  Buffer.from(
    generateMea({ bitDepth: 12, seed: ++seed, lengthM: 4, flaws: [{ positionM: 2, amplitudeMv: 15 }] }).bytes,
  );

async function ropeIn(w: World, scope: Scope) {
  const area = await seedArea(w.t.ctx.db, w.mandatorOf(scope));
  return seedRope(w.t.ctx.db, (await seedInstallation(w.t.ctx.db, area.id)).id);
}

/** An MRT measurement event with its file stored, as an upload leaves it; `peak` is its candidate's sample. */
export async function measurementIn(w: World, scope: Scope, actor: ActorName = 'admin') {
  const rope = await ropeIn(w, scope);
  const bytes = smallMea();
  const header = readMeaHeader(bytes);
  const stored = await storeMea(w.t.ctx, { name: 'matrix.mea', pieces: Readable.from([bytes]) }, bytes.length);
  const event = await seedEvent(w.t.ctx.db, rope.id, {
    position: null,
    attributes: { recordingType: 'measurement', type: 'mrtInspection', detection: 'mrt', isImported: true },
  });
  await w.t.ctx.db
    .update(ropeEvents)
    .set({ createdByUserId: w.personOf(scope, actor) })
    .where(eq(ropeEvents.id, event.id));
  await w.t.ctx.db.insert(truscanMeasurements).values({
    eventId: event.id,
    ropeId: rope.id,
    fileName: 'matrix.mea',
    fileKey: stored.fileObject.key,
    traceKey: stored.traceObject.key,
    checksum: stored.fileObject.checksum,
    size: stored.fileObject.size,
    bitDepth: header.bitDepth,
    channelCount: header.channelCount,
    sampleCount: header.sampleCount,
    sampleSpacingUm: header.sampleSpacingUm,
    startPositionMm: header.startPositionMm,
    ropeSpeedMmPerS: header.ropeSpeedMmPerS,
    recordedAt: new Date(header.recordedAt * 1000),
    bendingCycles: header.bendingCycles,
    scale: header.scale,
    blockSize: TRACE_BLOCK_SIZE,
    analysis: stored.analysis,
  });
  return { event, peak: stored.analysis.peaks[0]!.index };
}

export const MRT_ROWS: RouteRow[] = [
  {
    route: 'POST /api/ropes/:id/events/upload/truscan',
    scoped: true,
    build: async (w, s) => ({
      ...multipart({}, [{ filename: 'matrix.mea', content: smallMea() }]),
      url: `/api/ropes/${(await ropeIn(w, s)).id}/events/upload/truscan`,
    }),
    expect: write(200, true),
  },
  {
    route: 'GET /api/events/:id/mrt-trace',
    scoped: true,
    build: async (w, s, a) => ({ url: `/api/events/${(await measurementIn(w, s, a)).event.id}/mrt-trace` }),
    expect: read(),
  },
  {
    route: 'GET /api/events/:id/mrt-candidates',
    scoped: true,
    build: async (w, s, a) => ({ url: `/api/events/${(await measurementIn(w, s, a)).event.id}/mrt-candidates` }),
    expect: read(),
  },
  {
    route: 'POST /api/events/:id/mrt-candidates/confirm',
    scoped: true,
    build: async (w, s, a) => {
      const { event, peak } = await measurementIn(w, s, a);
      return { url: `/api/events/${event.id}/mrt-candidates/confirm`, payload: { index: peak } };
    },
    expect: write(200),
  },
  {
    route: 'POST /api/events/:id/mrt-candidates/dismiss',
    scoped: true,
    build: async (w, s, a) => {
      const { event, peak } = await measurementIn(w, s, a);
      return { url: `/api/events/${event.id}/mrt-candidates/dismiss`, payload: { index: peak } };
    },
    expect: write(200),
  },
];
