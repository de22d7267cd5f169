import { ropes, truscanMeasurements } from '@rope/db/schema/index';
import { encodeMea } from '@rope/domain/mrt/mea/encode';
import { type GeneratedMea, generateMea } from '@rope/domain/mrt/mea/generate';
import { OFFSET } from '@rope/domain/mrt/mea/layout';
import type { MeaUploadAnswer, MrtCandidatesAnswer, MrtTraceAnswer } from '@rope/domain/mrt/schemas';
import type { DamageChartAnswer } from '@rope/domain/ropes/damage-chart-answer';
import { decodeDamageChart } from '@rope/domain/ropes/damage-chart-answer';
import { WORKED_EXAMPLE_ROPE } from '@rope/domain/ropes/worked-example';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import { seedApiKey, seedArea, seedInstallation, seedMandator, seedRope } from '../../../test/support/factories.ts';
import { multipart } from '../../../test/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const OFFSET_M = 12.5;
const twelveBit = generateMea({
  bitDepth: 12,
  seed: 11,
  recordedAt: Date.UTC(2026, 0, 10) / 1000,
  bendingCycles: 400_000,
});
const twentyFourBit = generateMea({
  bitDepth: 24,
  seed: 12,
  startPositionM: -2,
  recordedAt: Date.UTC(2026, 2, 10) / 1000,
  bendingCycles: 455_000,
});

// Who may upload, read traces and confirm, and that another mandator's rope or event answers as a missing one, is
// proven by authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('TRUscan measurement files', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let ropeId: number;
  let importKey: string;
  const upload = (who: string, rope: number, files: { filename: string; content: Buffer | Uint8Array }[]) => {
    const body = multipart(
      {},
      files.map((file) => ({ filename: file.filename, content: Buffer.from(file.content) })),
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/ropes/${rope}/events/upload/truscan`,
      headers: { ...body.headers, cookie: cast.cookies[who] ?? '' },
      payload: body.payload,
    });
  };
  const file = (name: string, generated: GeneratedMea | Uint8Array) => ({
    filename: name,
    content: generated instanceof Uint8Array ? generated : generated.bytes,
  });
  let measured: MeaUploadAnswer;

  beforeAll(async () => {
    t = await createTestApp();
    cast = createCast(t);
    const a = await seedMandator(t.ctx.db);
    const installation = await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, a.id)).id);
    ropeId = (await seedRope(t.ctx.db, installation.id)).id;
    await t.ctx.db
      .update(ropes)
      .set({ attributes: { ...WORKED_EXAMPLE_ROPE, positionOffset: OFFSET_M } })
      .where(eq(ropes.id, ropeId));
    await cast.add('client', ['ROLE_USER'], [a.id]);
    importKey = (await seedApiKey(t.ctx.db, 'ROLE_API_IMPORT', [a.id])).key;
  });
  afterAll(() => t?.close());

  it('makes an MRT measurement event of each of several 12 and 24 bit files at once', async () => {
    const response = await upload('client', ropeId, [file('jan.mea', twelveBit), file('run 2.MEA', twentyFourBit)]);
    expect(response.statusCode, response.body).toBe(200);
    measured = response.json();
    expect(measured.measurements).toMatchObject([
      {
        fileName: 'jan.mea',
        bitDepth: 12,
        channelCount: 4,
        sampleCount: 40_001,
        from: OFFSET_M,
        to: 200 + OFFSET_M,
        bendingCycles: 400_000,
        recordedAt: '2026-01-10T00:00:00.000Z',
        candidateCount: twelveBit.flaws.length,
        isNew: true,
      },
      { fileName: 'run 2.MEA', bitDepth: 24, from: -2 + OFFSET_M, bendingCycles: 455_000, isNew: true },
    ]);
    const event = (await cast.call('client', 'GET', `/events/${measured.measurements[0]!.ropeEvent.id}`)).json();
    expect(event.ropeEvent).toMatchObject({
      position: null,
      attributes: {
        recordingType: 'measurement',
        type: 'mrtInspection',
        detection: 'mrt',
        isImported: true,
        timestamp: '2026-01-10T00:00:00.000Z',
        bendingCycles: 400_000,
      },
    });
  });

  it('stores each file as sent, and the same file again makes nothing new', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(truscanMeasurements)
      .where(eq(truscanMeasurements.eventId, measured.measurements[0]!.ropeEvent.id));
    const stored = await t.ctx.storage.get(row!.fileKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(Buffer.from(twelveBit.bytes))).toBe(true);

    const again = await upload('client', ropeId, [file('copy.mea', twelveBit)]);
    expect(again.statusCode).toBe(200);
    expect(again.json().measurements[0]).toMatchObject({
      ropeEvent: measured.measurements[0]!.ropeEvent,
      fileName: 'jan.mea',
      isNew: false,
    });
    const events = (await cast.call('client', 'GET', `/ropes/${ropeId}/events`)).json();
    expect(
      events.ropeEvents.filter((e: { attributes: { type: string } }) => e.attributes.type === 'mrtInspection'),
    ).toHaveLength(2);
  });

  it('feeds the files’ bending cycles to the rope’s counter and its loss chart', async () => {
    const cycles = (await cast.call('client', 'GET', `/ropes/${ropeId}/bendingCycles`)).json();
    expect(cycles).toMatchObject({
      bendingCycles: 455_000,
      lastMeasured: { bendingCycles: 455_000, timestamp: '2026-03-10T00:00:00.000Z' },
    });
    const loss = (
      await cast.call('client', 'GET', `/ropes/${ropeId}/events/lossOverTarget?xAxis=bendingCycles`)
    ).json();
    expect(loss.result.map((point: { bendingCycles: number }) => point.bendingCycles)).toEqual([400_000, 455_000]);
    // The newest file is the TRUscan's last measurement on the rope's panel.
    const truscan = (await cast.call('client', 'GET', `/ropes/${ropeId}/truscan`)).json();
    expect(truscan.truscanAttributes).toMatchObject({
      lastMeasurement: Date.UTC(2026, 2, 10) / 1000,
      bendingCycles: 455_000,
    });
  });

  it('refuses truncated, damaged and hostile files with a 4xx naming the file, and saves nothing', async () => {
    const valid = twelveBit.bytes;
    const hugeCount = valid.slice();
    new DataView(hugeCount.buffer).setUint32(OFFSET.sampleCount, 0xffff_ffff, true);
    const flipped = valid.slice();
    flipped[1000]! ^= 0x10;
    const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
    const wrongMagic = valid.slice();
    wrongMagic[0] = 0x58;
    const cases: [string, Uint8Array | Buffer, number, string][] = [
      ['cut.mea', valid.subarray(0, valid.length - 7), 422, 'app.errors.meaLength'],
      ['header.mea', valid.subarray(0, 40), 422, 'app.errors.meaLength'],
      ['huge.mea', hugeCount, 422, 'app.errors.meaTooManySamples'],
      ['flipped.mea', flipped, 422, 'app.errors.meaChecksum'],
      ['wrong.mea', wrongMagic, 415, 'app.errors.meaNotTruscan'],
      ['picture.mea', png, 415, 'app.errors.meaNotTruscan'],
      ['empty.mea', new Uint8Array(0), 400, 'app.errors.documentEmpty'],
    ];
    const before = (await t.ctx.db.select().from(truscanMeasurements)).length;
    for (const [name, bytes, status, key] of cases) {
      // A good file before the bad one: all or nothing.
      const fresh = generateMea({ bitDepth: 12, lengthM: 5, seed: status + name.length, flaws: [] });
      const response = await upload('client', ropeId, [file('good.mea', fresh), file(name, bytes)]);
      expect(response.statusCode, name).toBe(status);
      expect(response.json().key, name).toBe(key);
      expect(response.json().message, name).toContain(name);
    }
    expect((await t.ctx.db.select().from(truscanMeasurements)).length).toBe(before);
  });

  it('refuses a recording time in the future and an upload without files', async () => {
    const future = generateMea({ bitDepth: 24, lengthM: 2, recordedAt: Date.now() / 1000 + 86_400, flaws: [] });
    const response = await upload('client', ropeId, [file('tomorrow.mea', future)]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ key: 'app.errors.meaFuture' });
    expect((await upload('client', ropeId, [])).statusCode).toBe(400);
    const json = await cast.call('client', 'POST', `/ropes/${ropeId}/events/upload/truscan`, { files: [] });
    expect(json.statusCode).toBe(415);
  });

  it('takes files from the device’s import key', async () => {
    const body = multipart({}, [
      {
        filename: 'device.mea',
        content: Buffer.from(generateMea({ bitDepth: 12, lengthM: 3, seed: 99, flaws: [] }).bytes),
      },
    ]);
    const device = await t.app.inject({
      method: 'POST',
      url: `/api/ropes/${ropeId}/events/upload/truscan`,
      headers: { ...body.headers, authorization: `Bearer ${importKey}` },
      payload: body.payload,
    });
    expect(device.statusCode, device.body).toBe(200);
  });

  it('answers the trace in min/max buckets that hold every sample’s extremes, zoomed or whole', async () => {
    const eventId = measured.measurements[0]!.ropeEvent.id;
    const whole: MrtTraceAnswer = (await cast.call('client', 'GET', `/events/${eventId}/mrt-trace?buckets=500`)).json();
    expect(whole.trace).toMatchObject({
      from: OFFSET_M,
      to: 200 + OFFSET_M,
      runFrom: OFFSET_M,
      positionOffset: OFFSET_M,
    });
    expect(whole.trace.min.length).toBeLessThanOrEqual(500);
    expect(whole.trace.min.length).toBeGreaterThan(400);
    for (const [i, low] of whole.trace.min.entries()) expect(low).toBeLessThanOrEqual(whole.trace.max[i]!);
    const strongest = twelveBit.flaws.reduce((a, b) => (a.traceAmplitudeMv > b.traceAmplitudeMv ? a : b));
    const at = whole.trace.position.findIndex((p) => p >= strongest.positionM + OFFSET_M - 0.2);
    const around = whole.trace.max.slice(at - 1, at + 2);
    expect(Math.max(...around)).toBeGreaterThan(0.7 * strongest.traceAmplitudeMv);

    const from = strongest.positionM + OFFSET_M - 1;
    const to = strongest.positionM + OFFSET_M + 1;
    const zoom: MrtTraceAnswer = (
      await cast.call('client', 'GET', `/events/${eventId}/mrt-trace?from=${from}&to=${to}&buckets=1000`)
    ).json();
    // 2 m at 5 mm: 401 samples, one a bucket.
    expect(zoom.trace).toMatchObject({ from, to, samplesPerBucket: 1 });
    expect(zoom.trace.min).toEqual(zoom.trace.max);
    expect(zoom.trace.position).toHaveLength(401);
    expect(Math.max(...zoom.trace.max)).toBeCloseTo(Math.max(...around), 3);

    const empty = (await cast.call('client', 'GET', `/events/${eventId}/mrt-trace?from=500&to=600`)).json();
    expect(empty.trace.position).toEqual([]);
    const reversed = await cast.call('client', 'GET', `/events/${eventId}/mrt-trace?from=20&to=10`);
    expect(reversed.statusCode).toBe(400);
    for (const query of ['buckets=0', 'buckets=2001', 'from=x', 'from=1e400'])
      expect((await cast.call('client', 'GET', `/events/${eventId}/mrt-trace?${query}`)).statusCode, query).toBe(400);
  });

  it('offers the generator’s broken wires as candidates at their datum positions', async () => {
    const eventId = measured.measurements[1]!.ropeEvent.id;
    const answer: MrtCandidatesAnswer = (await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates`)).json();
    expect(answer.threshold).toBe(answer.defaultThreshold);
    expect(answer.candidates.map((c) => c.position)).toHaveLength(twentyFourBit.flaws.length);
    answer.candidates.forEach((candidate, i) => {
      expect(Math.abs(candidate.position - (twentyFourBit.flaws[i]!.positionM + OFFSET_M))).toBeLessThanOrEqual(0.01);
      expect(candidate).toMatchObject({ status: 'open', damageEvent: null });
    });
    const high = (await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates?threshold=9`)).json();
    expect(high.candidates).toHaveLength(1);
    const low = (await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates?threshold=0`)).json();
    expect(low.candidates.length).toBeGreaterThan(answer.candidates.length);
    expect((await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates?threshold=-1`)).statusCode).toBe(400);
    const notMrt = (
      await cast.call('client', 'POST', '/events', {
        ropeEvent: {
          rope: { id: ropeId },
          attributes: { timestamp: '2026-01-01T00:00:00Z', recordingType: 'measurement', type: 'visualInspection' },
        },
      })
    ).json();
    const none = await cast.call('client', 'GET', `/events/${notMrt.ropeEvent.id}/mrt-candidates`);
    expect(none.statusCode).toBe(404);
    expect(none.json().key).toBe('app.errors.noMrtTrace');
  });

  it('confirms a candidate into a damage event found by MRT that moves the damage chart; dismisses another', async () => {
    const eventId = measured.measurements[1]!.ropeEvent.id;
    const chart = async () =>
      decodeDamageChart(
        (await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage`)).json() as DamageChartAnswer,
      );
    const before = await chart();
    const [first, second] = (
      (await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates`)).json() as MrtCandidatesAnswer
    ).candidates;
    const confirmed = await cast.call('client', 'POST', `/events/${eventId}/mrt-candidates/confirm`, {
      index: first!.index,
      damageCount: 3,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { ropeEvent, ropeChanged, candidate } = confirmed.json();
    expect(ropeChanged).toBe(true);
    expect(candidate).toMatchObject({ index: first!.index, status: 'confirmed', damageEvent: ropeEvent });
    const damage = (await cast.call('client', 'GET', `/events/${ropeEvent.id}`)).json().ropeEvent;
    expect(damage).toMatchObject({
      position: Math.round((first!.position - OFFSET_M) * 1000) / 1000,
      attributes: {
        recordingType: 'damage',
        type: 'wireBreak',
        detection: 'mrt',
        damageCount: 3,
        timestamp: '2026-03-10T00:00:00.000Z',
      },
    });
    const after = await chart();
    const at = Array.from(after.damages.id).indexOf(ropeEvent.id);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(after.damages.position[at]).toBeCloseTo(first!.position, 6);
    expect(after.damages.count[at]).toBe(3);
    expect(after.damages.id.length).toBe(before.damages.id.length + 1);
    const mrtOnly = (await cast.call('client', 'GET', `/ropes/${ropeId}/events/damage?damageFilter=mrt`)).json();
    expect(mrtOnly.damage).toBeGreaterThan(0);

    const twice = await cast.call('client', 'POST', `/events/${eventId}/mrt-candidates/confirm`, {
      index: first!.index,
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await cast.call('client', 'POST', `/events/${eventId}/mrt-candidates/dismiss`, { index: first!.index }))
        .statusCode,
    ).toBe(409);

    const dismissed = await cast.call('client', 'POST', `/events/${eventId}/mrt-candidates/dismiss`, {
      index: second!.index,
    });
    expect(dismissed.json().candidate).toMatchObject({ status: 'dismissed', damageEvent: null });
    const listed: MrtCandidatesAnswer = (await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates`)).json();
    expect(listed.candidates.slice(0, 2).map((c) => c.status)).toEqual(['confirmed', 'dismissed']);
    const noPeak = await cast.call('client', 'POST', `/events/${eventId}/mrt-candidates/confirm`, {
      index: first!.index + 3,
    });
    expect(noPeak.statusCode).toBe(404);
    expect(noPeak.json().key).toBe('app.errors.noSuchMrtCandidate');

    // Deleting the damage event opens the candidate again; a dismissed one can still be confirmed.
    const admin = await cast.add('admin', ['ROLE_ADMIN'], []);
    expect(admin.id).toBeGreaterThan(0);
    expect((await cast.call('admin', 'DELETE', `/events/${ropeEvent.id}`)).statusCode).toBe(204);
    const reopened: MrtCandidatesAnswer = (
      await cast.call('client', 'GET', `/events/${eventId}/mrt-candidates`)
    ).json();
    expect(reopened.candidates[0]!.status).toBe('open');
    const late = await cast.call('client', 'POST', `/events/${eventId}/mrt-candidates/confirm`, {
      index: second!.index,
    });
    expect(late.json().candidate.status).toBe('confirmed');
  });

  it('removes the stored file and trace with the measurement event', async () => {
    const eventId = measured.measurements[0]!.ropeEvent.id;
    const [row] = await t.ctx.db.select().from(truscanMeasurements).where(eq(truscanMeasurements.eventId, eventId));
    expect(await t.ctx.storage.exists(row!.traceKey)).toBe(true);
    expect((await cast.call('admin', 'DELETE', `/events/${eventId}`)).statusCode).toBe(204);
    expect(await t.ctx.storage.exists(row!.fileKey)).toBe(false);
    expect(await t.ctx.storage.exists(row!.traceKey)).toBe(false);
  });

  it('round-trips a file the encoder wrote by hand', () => {
    expect(encodeMea(twelveBit.file)).toEqual(twelveBit.bytes);
  });
});

describe('TRUscan upload limits', () => {
  let t: TestApp;
  let cookie: string;
  let ropeId: number;

  beforeAll(async () => {
    t = await createTestApp({ TRUSCAN_FILE_MAX_MB: '1' });
    const cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    ropeId = (
      await seedRope(t.ctx.db, (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id)
    ).id;
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    cookie = cast.cookies.client!;
  });
  afterAll(() => t?.close());

  const send = (files: { filename: string; content: Buffer }[]) => {
    const body = multipart({}, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/ropes/${ropeId}/events/upload/truscan`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };

  it('refuses a file over TRUSCAN_FILE_MAX_MB with 413, and more than 20 files at once', async () => {
    const large = Buffer.from(generateMea({ bitDepth: 24, lengthM: 650, flaws: [] }).bytes);
    expect(large.length).toBeGreaterThan(1024 * 1024);
    const tooLarge = await send([{ filename: 'long.mea', content: large }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      key: 'app.errors.meaTooLarge',
      message: 'A TRUscan file may be at most 1 MB',
    });
    const tiny = (seed: number) => ({
      filename: `tiny-${seed}.mea`,
      content: Buffer.from(generateMea({ bitDepth: 12, lengthM: 0.01, seed, flaws: [] }).bytes),
    });
    const many = await send(Array.from({ length: 21 }, (_, i) => tiny(i + 1)));
    expect(many.statusCode).toBe(413);
    expect(many.json().key).toBe('app.errors.documentTooMany');
    expect((await t.ctx.db.select().from(truscanMeasurements)).length).toBe(0);
    expect((await send(Array.from({ length: 20 }, (_, i) => tiny(i + 1)))).statusCode).toBe(200);
  });
});
