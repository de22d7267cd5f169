import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedUser } from '../../../test/support/factories.ts';
import { forgedPng, png, TINY_JPEG } from '../../../test/support/images.ts';
import { phonePhoto } from '../../../test/support/photo.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { checkImage } from '../../infra/check-image.ts';

function multipart(bytes: Buffer, filename: string, mime: string) {
  const boundary = '----rope-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// That clients may look at a map image but not upload one is proven by authorization/matrix.test.ts.
describe('installation map image', () => {
  let t: TestApp;
  let installationId: number;
  let admin: string;
  let client: string;
  let clientAdmin: string;
  let mandatorId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const mandator = await seedMandator(t.ctx.db);
    const area = await seedArea(t.ctx.db, mandator.id);
    installationId = (await seedInstallation(t.ctx.db, area.id)).id;
    const adminUser = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
    const clientUser = await seedUser(t.ctx.db, { roles: ['ROLE_USER'], mandatorIds: [mandator.id] });
    const clientAdminUser = await seedUser(t.ctx.db, { roles: ['ROLE_CLIENT_ADMIN'], mandatorIds: [mandator.id] });
    clientAdmin = await signIn(t.ctx, clientAdminUser);
    mandatorId = mandator.id;
    admin = await signIn(t.ctx, adminUser);
    client = await signIn(t.ctx, clientUser);
  });
  afterAll(() => t.close());

  it('stores a plan photographed on site upright, with the size as seen and without the position', async () => {
    const photo = await phonePhoto({ width: 300, height: 200, orientation: 6 });
    const upload = multipart(photo, 'plan.jpg', 'image/jpeg');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/installations/${installationId}/map-image`,
      headers: { ...upload.headers, cookie: admin },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().installation.attributes).toMatchObject({ mapImageWidth: 200, mapImageHeight: 300 });
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/installations/${installationId}/map-image`,
      headers: { cookie: client },
    });
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.width, stored.height, stored.exif]).toEqual([200, 300, undefined]);
  });

  it('stores a PNG site plan with its size and serves it back', async () => {
    const upload = multipart(png(640, 480), 'plan.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/installations/${installationId}/map-image`,
      headers: { ...upload.headers, cookie: admin },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().installation.attributes).toMatchObject({
      mapImageWidth: 640,
      mapImageHeight: 480,
      isMap: true,
    });
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/installations/${installationId}/map-image`,
      headers: { cookie: client },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await checkImage(image.rawPayload, 1e9)).toMatchObject({ ok: true, width: 640, height: 480 });
  });

  it('refuses what is not a JPEG or PNG by content, whatever the name says', async () => {
    const upload = multipart(Buffer.from('%PDF-1.4 not an image'), 'plan.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/installations/${installationId}/map-image`,
      headers: { ...upload.headers, cookie: admin },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('The map image must be a JPEG or PNG file');
  });

  it('refuses images with trailing data, too many pixels or a decompression bomb, and keeps the stored one', async () => {
    const send = (bytes: Buffer, name = 'plan.png', mime = 'image/png') => {
      const upload = multipart(bytes, name, mime);
      return t.app.inject({
        method: 'POST',
        url: `/api/installations/${installationId}/map-image`,
        headers: { ...upload.headers, cookie: admin },
        payload: upload.payload,
      });
    };
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/installations/${installationId}`, headers: { cookie: admin } })
    ).json().installation.attributes.mapImageUri;
    const trailing = await send(Buffer.concat([png(10, 10), html]));
    expect(trailing.statusCode).toBe(415);
    expect(trailing.json().message).toMatch(/other data after the image/);
    expect((await send(Buffer.concat([TINY_JPEG, html]), 'plan.jpg', 'image/jpeg')).statusCode).toBe(415);
    const huge = await send(forgedPng(20_000, 20_000, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/50 megapixels/);
    expect((await send(forgedPng(100, 100, 50_000_000))).statusCode).toBe(415);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/installations/${installationId}`, headers: { cookie: admin } })
    ).json().installation.attributes.mapImageUri;
    expect(after).toBe(before);
    const jpeg = await send(TINY_JPEG, 'plan.jpg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().installation.attributes).toMatchObject({ mapImageWidth: 2, mapImageHeight: 2 });
  });

  it("never takes a storage key from a body: another tenant's file can be neither read nor deleted", async () => {
    const other = await seedMandator(t.ctx.db);
    const foreignId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, other.id)).id)).id;
    const upload = multipart(png(8, 8), 'plan.png', 'image/png');
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/installations/${foreignId}/map-image`,
      headers: { ...upload.headers, cookie: admin },
      payload: upload.payload,
    });
    const foreignKey = stored.json().installation.attributes.mapImageUri as string;
    const ownId = (await seedInstallation(t.ctx.db, (await seedArea(t.ctx.db, mandatorId)).id)).id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/installations/${ownId}`,
      headers: { cookie: clientAdmin },
      payload: {
        installation: { attributes: { isMap: true, mapImageUri: foreignKey, mapImageWidth: 8, mapImageHeight: 8 } },
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().installation.attributes.mapImageUri).toBeUndefined();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/installations/${ownId}/map-image`,
      headers: { cookie: clientAdmin },
    });
    expect(read.statusCode).toBe(404);
    const replace = multipart(png(4, 4), 'plan.png', 'image/png');
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/installations/${ownId}/map-image`,
      headers: { ...replace.headers, cookie: clientAdmin },
      payload: replace.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(await t.ctx.storage.exists(foreignKey)).toBe(true);
  });
});
