import { documents } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../../test/support/cast.ts';
import {
  seedArea,
  seedEvent,
  seedInstallation,
  seedMandator,
  seedRope,
  seedStoredDocument,
} from '../../../test/support/factories.ts';
import { forgedPng } from '../../../test/support/images.ts';
import { multipart, PDF } from '../../../test/support/multipart.ts';
import { colourAt, exifTags, GPS_POINTER_TAG, phonePhoto } from '../../../test/support/photo.ts';
import { scannedTiff, TIFF_TRACES } from '../../../test/support/scanned-tiff.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { cleanOldPhotos } from './clean-old-photos.ts';

// Issue 26: photos kept their GPS position for anyone who may see the event, lay on their side, and a 96 px
// thumbnail was the full photo.
describe('photos among the documents', () => {
  let t: TestApp;
  let cast: ReturnType<typeof createCast>;
  let event: number;

  const upload = (files: Parameters<typeof multipart>[1], targetId = event) => {
    const body = multipart({ targetType: 'event', targetId: String(targetId) }, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...body.headers, cookie: cast.cookies.inspector! },
      payload: body.payload,
    });
  };
  const get = (url: string, who = 'client') =>
    t.app.inject({ method: 'GET', url, headers: { cookie: cast.cookies[who] ?? '' } });
  const count = async () => (await t.ctx.db.select({ id: documents.id }).from(documents)).length;

  beforeAll(async () => {
    t = await createTestApp({ DOCUMENT_MAX_MB: '2' });
    cast = createCast(t);
    const mandator = await seedMandator(t.ctx.db);
    const rope = await seedRope(
      t.ctx.db,
      (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandator.id)).id)).id,
    );
    event = (await seedEvent(t.ctx.db, rope.id)).id;
    const other = await seedMandator(t.ctx.db);
    await cast.add('inspector', ['ROLE_CLIENT_ADMIN'], [mandator.id]);
    await cast.add('client', ['ROLE_USER'], [mandator.id]);
    await cast.add('stranger', ['ROLE_USER'], [other.id]);
  });
  afterAll(() => t.close());

  it('stores a damage photo upright and without its position, and lists it with a small thumbnail', async () => {
    const photo = await phonePhoto({ width: 1200, height: 900, orientation: 6 });
    const answer = await upload([{ filename: 'Broken wire.jpg', content: photo }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [document] = answer.json().documents;
    expect(document).toMatchObject({ mimeType: 'image/jpeg', thumbnailUrl: `/api/documents/${document.id}/thumbnail` });

    const file = await get(document.url);
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(document.size);
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([900, 1200, 1]);
    expect(exifTags(stored.exif)).not.toContain(GPS_POINTER_TAG);
    expect(stored.exif).toBeUndefined();
    expect(await colourAt(file.rawPayload, 450, 100)).toBe('red');

    const thumbnail = await get(document.thumbnailUrl);
    expect(thumbnail.statusCode, thumbnail.body).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect([small.format, small.width, small.height, small.exif]).toEqual(['webp', 240, 320, undefined]);
    expect(thumbnail.rawPayload.length).toBeLessThan(file.rawPayload.length / 4);

    // Made once: the second request serves the stored one (same ETag, 304 when the browser has it).
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row!.thumbnailKey).toMatch(/^thumbnails\/[0-9a-f-]{36}\.webp$/);
    const again = await t.app.inject({
      method: 'GET',
      url: document.thumbnailUrl,
      headers: { cookie: cast.cookies.client!, 'if-none-match': thumbnail.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const [after] = await t.ctx.db.select().from(documents).where(eq(documents.id, document.id));
    expect(after!.thumbnailKey).toBe(row!.thumbnailKey);

    // Deleting the photo removes its thumbnail too.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/documents/${document.id}`,
      headers: { cookie: cast.cookies.inspector! },
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.ctx.storage.exists(row!.storageKey)).toBe(false);
    expect(await t.ctx.storage.exists(row!.thumbnailKey!)).toBe(false);
  });

  it('has no thumbnail for other documents, and answers a foreign photo like a missing one', async () => {
    const pdf = (await upload([{ filename: 'Protocol.pdf', content: PDF }])).json().documents[0];
    expect(pdf.thumbnailUrl).toBeNull();
    const none = await get(`/api/documents/${pdf.id}/thumbnail`);
    expect(none.statusCode).toBe(404);
    expect(none.json().key).toBe('app.errors.documentNoThumbnail');

    const photo = (await upload([{ filename: 'p.jpg', content: await phonePhoto({ width: 40, height: 30 }) }])).json()
      .documents[0];
    const foreign = await get(photo.thumbnailUrl, 'stranger');
    const missing = await get('/api/documents/999999/thumbnail', 'stranger');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('stores a scanned TIFF with every page as it was and without its location and camera data', async () => {
    const scan = scannedTiff({ pages: 2 });
    const answer = await upload([{ filename: 'Splice protocol.tif', content: scan }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [document] = answer.json().documents;
    expect(document.mimeType).toBe('image/tiff');
    const file = await get(document.url);
    expect(Object.values(TIFF_TRACES).filter((trace) => file.rawPayload.includes(trace))).toEqual([]);
    expect(file.rawPayload.length).toBe(scan.length);
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.pages, stored.xmp]).toEqual([2, undefined]);
    for (const page of [0, 1]) {
      const pixels = (image: Buffer) => sharp(image, { page }).raw().toBuffer();
      expect(await pixels(file.rawPayload)).toEqual(await pixels(scan));
    }
    expect((await get(document.thumbnailUrl)).statusCode).toBe(200);

    const before = await count();
    // Its first page names itself as the next one: a loop a reader would follow for ever.
    const looped = Buffer.from(scan);
    const first = looped.readUInt32LE(4);
    looped.writeUInt32LE(first, first + 2 + looped.readUInt16LE(first) * 12);
    const damaged = await upload([{ filename: 'looped.tif', content: looped }]);
    expect([damaged.statusCode, damaged.json().key]).toEqual([415, 'app.errors.documentImageDamaged']);
    expect(await count()).toBe(before);
  });

  it('stores an animated GIF frame for frame, without the XMP packet put into it', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 4, height: 3, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer();
    const xmp = Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from('XMP DataXMP'),
      Buffer.from([TIFF_TRACES.xmp.length]),
      Buffer.from(TIFF_TRACES.xmp),
      Buffer.from([0]),
    ]);
    const header = 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 0x07) + 1) : 0);
    const carrying = Buffer.concat([gif.subarray(0, header), xmp, gif.subarray(header)]);
    const answer = await upload([{ filename: 'Sheave turning.gif', content: carrying }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await get(answer.json().documents[0].url);
    expect(file.rawPayload).toEqual(gif);
  });

  it('refuses a damaged photo and one with more pixels than the bound, and keeps nothing of either', async () => {
    const before = await count();
    const photo = await phonePhoto({ width: 40, height: 30 });
    const damaged = await upload([
      { filename: 'fine.pdf', content: PDF },
      { filename: 'cut.jpg', content: Buffer.concat([photo.subarray(0, 30), Buffer.alloc(300, 9)]) },
    ]);
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json()).toMatchObject({
      key: 'app.errors.documentImageDamaged',
      params: { name: 'cut.jpg' },
    });
    // 20000 x 7000 pixels declared in its header: refused before any of it is decoded.
    const huge = await upload([{ filename: 'huge.png', content: forgedPng(20_000, 7_000, 1_000) }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      key: 'app.errors.imageTooManyPixels',
      params: { width: 20_000, height: 7_000, megapixels: 120 },
    });
    expect(await count()).toBe(before);
  });

  it('makes the thumbnail of a photo stored before photos were cleaned on its first request', async () => {
    const row = await seedStoredDocument(t.ctx, event, {
      name: 'Old.jpg',
      content: await phonePhoto({ width: 800, height: 600, orientation: 6 }),
      mimeType: 'image/jpeg',
      extension: 'jpg',
    });
    const thumbnail = await get(`/api/documents/${row.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect([small.width, small.height, small.exif]).toEqual([240, 320, undefined]);
  });

  it('cleans the photos stored before uploads were cleaned: upright, without position, the old file gone', async () => {
    const storeOld = (name: string, content: Buffer, mimeType: string, extension: string) =>
      seedStoredDocument(t.ctx, event, { name, content, mimeType, extension, storedUncleaned: true });
    const photo = await storeOld('Old wire.jpg', await phonePhoto({ width: 800, height: 600 }), 'image/jpeg', 'jpg');
    const scan = await storeOld('Old scan.tiff', scannedTiff(), 'image/tiff', 'tiff');
    const damaged = await storeOld('Broken.png', Buffer.from('not a png at all'), 'image/png', 'png');
    const before = await get(`/api/documents/${photo.id}`);
    expect(exifTags((await sharp(before.rawPayload).metadata()).exif)).toContain(GPS_POINTER_TAG);

    // Kept while the site keeps the data; cleaned once it does not.
    expect(await cleanOldPhotos({ ...t.ctx, env: { ...t.ctx.env, IMAGE_METADATA: 'keep' } })).toEqual({
      cleaned: 0,
      unchanged: 0,
      unreadable: 0,
    });
    expect(await cleanOldPhotos(t.ctx)).toMatchObject({ cleaned: 2, unreadable: 1 });

    const file = await get(`/api/documents/${photo.id}`);
    expect(file.statusCode).toBe(200);
    const stored = await sharp(file.rawPayload).metadata();
    expect([stored.width, stored.height, stored.orientation ?? 1]).toEqual([600, 800, 1]);
    expect(exifTags(stored.exif)).not.toContain(GPS_POINTER_TAG);
    const rows = await t.ctx.db.select().from(documents).where(eq(documents.storedUncleaned, true));
    expect(rows).toEqual([]);
    const [cleanedPhoto] = await t.ctx.db.select().from(documents).where(eq(documents.id, photo.id));
    expect(cleanedPhoto!.storageKey).not.toBe(photo.storageKey);
    expect(cleanedPhoto!.size).toBe(file.rawPayload.length);
    expect(await t.ctx.storage.exists(photo.storageKey)).toBe(false);
    const tiff = await get(`/api/documents/${scan.id}`);
    for (const trace of Object.values(TIFF_TRACES)) expect(tiff.rawPayload.includes(trace)).toBe(false);
    // A file that is no image stays as it was, served as before, and is not tried again.
    const [kept] = await t.ctx.db.select().from(documents).where(eq(documents.id, damaged.id));
    expect(kept!.storageKey).toBe(damaged.storageKey);
    expect((await get(`/api/documents/${damaged.id}`)).rawPayload.toString()).toBe('not a png at all');
    expect(await cleanOldPhotos(t.ctx)).toEqual({ cleaned: 0, unchanged: 0, unreadable: 0 });
  });
});
