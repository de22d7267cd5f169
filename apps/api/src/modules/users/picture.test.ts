import { users } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMandator, seedUser } from '../../../test/support/factories.ts';
import { forgedPng, TINY_JPEG } from '../../../test/support/images.ts';
import { colourAt, phonePhoto } from '../../../test/support/photo.ts';
import { signIn } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
const jpeg = TINY_JPEG;

function multipart(bytes: Buffer, fileName = 'me.png', type = 'image/png') {
  const boundary = `----rope${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// That nobody but the project manager or edit-any changes a picture, and a missing user answers a client as a foreign
// one (403, revealing nothing), is proven by authorization/matrix.test.ts and foreign-like-missing.test.ts.
describe('profile pictures', () => {
  let t: TestApp;
  let pm: { id: number };
  let pmCookie: string;
  let adminCookie: string;
  let clientCookie: string;
  const upload = (cookie: string, id: number | string, bytes: Buffer, fileName?: string) => {
    const body = multipart(bytes, fileName);
    return t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/picture`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const pictureUri = async (id: number) =>
    (await t.ctx.db.select({ uri: users.pictureUri }).from(users).where(eq(users.id, id)))[0]!.uri;

  beforeAll(async () => {
    t = await createTestApp();
    const mandator = await seedMandator(t.ctx.db);
    pm = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
    pmCookie = await signIn(t.ctx, pm);
    adminCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
    clientCookie = await signIn(t.ctx, await seedUser(t.ctx.db, { mandatorIds: [mandator.id] }));
  });
  afterAll(() => t.close());

  it('lets a project manager upload their own PNG, which anyone signed in can load', async () => {
    const response = await upload(pmCookie, pm.id, png);
    expect(response.statusCode).toBe(200);
    const uri = response.json().user.pictureUri;
    expect(uri).toMatch(new RegExp(`^/api/users/${pm.id}/picture\\?v=[0-9a-f-]{36}$`));
    expect(await pictureUri(pm.id)).toBe(uri);
    const picture = await t.app.inject({ method: 'GET', url: uri, headers: { cookie: clientCookie } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/users/${pm.id}/picture` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a phone selfie upright and without its location or camera data', async () => {
    const selfie = await phonePhoto({ width: 64, height: 48, orientation: 6 });
    const response = await upload(pmCookie, pm.id, selfie, 'selfie.jpg');
    expect(response.statusCode, response.body).toBe(200);
    const picture = await t.app.inject({
      method: 'GET',
      url: response.json().user.pictureUri,
      headers: { cookie: clientCookie },
    });
    const stored = await sharp(picture.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(['jpeg', 48, 64, undefined]);
    expect(await colourAt(picture.rawPayload, 24, 5)).toBe('red');
  });

  it('lets an admin replace it with a JPEG and drops the old file', async () => {
    const before = await pictureUri(pm.id);
    const oldKey = `pictures/${before!.split('?v=')[1]}`;
    const response = await upload(adminCookie, pm.id, jpeg, 'photo.jpg');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.pictureUri).not.toBe(before);
    expect(await t.ctx.storage.exists(oldKey)).toBe(false);
    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/users/${pm.id}/picture`,
      headers: { cookie: pmCookie },
    });
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it('checks the type by content, not by name', async () => {
    const response = await upload(pmCookie, pm.id, Buffer.from('<svg onload="alert(1)"/>'), 'evil.png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The picture must be a JPEG or PNG image',
      key: 'app.errors.pictureWrongType',
      imageRefused: 'type',
      maxPixels: 16_000_000,
      maxSide: 20_000,
    });
    const gif = await upload(pmCookie, pm.id, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'x.png');
    expect(gif.statusCode).toBe(415);
  });

  it('refuses a picture with data after the image or with more than 16 megapixels, and keeps the old one', async () => {
    const before = await pictureUri(pm.id);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const trailing = await upload(pmCookie, pm.id, Buffer.concat([png, html]));
    expect(trailing.statusCode).toBe(415);
    expect((await upload(pmCookie, pm.id, Buffer.concat([jpeg, html]), 'me.jpg')).statusCode).toBe(415);
    const huge = await upload(pmCookie, pm.id, forgedPng(20_000, 20_000, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/16 megapixels/);
    expect((await upload(pmCookie, pm.id, forgedPng(100, 100, 50_000_000))).statusCode).toBe(415);
    expect(await pictureUri(pm.id)).toBe(before);
  });

  it('refuses pictures over 2 MB', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(pmCookie, pm.id, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The picture may be at most 2 MB',
      key: 'app.errors.pictureTooLarge',
      params: { max: '2 MB' },
    });
  });

  it('refuses a body that is not multipart, or has no file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/users/${pm.id}/picture`,
      headers: { cookie: pmCookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const boundary = '----empty';
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/users/${pm.id}/picture`,
      headers: { cookie: pmCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('A picture file is needed');
  });

  it('has pictures for project managers only', async () => {
    const client = await seedUser(t.ctx.db, { roles: ['ROLE_USER'] });
    const response = await upload(adminCookie, client.id, png);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'RULE_VIOLATION',
      message: 'Only project managers have a profile picture',
      key: 'app.errors.pictureProjectManagersOnly',
    });
  });

  it('answers an admin 404 for a user that does not exist', async () => {
    expect((await upload(adminCookie, 987_654, png)).statusCode).toBe(404);
  });

  it('answers 404 when a user has no picture', async () => {
    const other = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
    for (const id of [other.id, 987_654]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/${id}/picture`,
        headers: { cookie: clientCookie },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
