import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArea, seedInstallation, seedMandator, seedUser } from '../../test/support/factories.ts';
import { png } from '../../test/support/images.ts';
import { startS3Server, type TestS3Server } from '../../test/support/s3-server.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

function multipart(bytes: Buffer, fileName: string) {
  const boundary = '----rope-download-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each([
  ['the filesystem', false],
  ['an S3-compatible server', true],
])('downloads of stored files on %s', (_name, onS3) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let cookie: string;
  let mapUrl: string;
  let pictureUrl: string;
  const map = png(300, 200);
  const picture = png(40, 40);
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { cookie, ...headers } });

  beforeAll(async () => {
    s3 = onS3 ? await startS3Server() : undefined;
    t = await createTestApp(s3?.env ?? {});
    const admin = await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] });
    cookie = await signIn(t.ctx, admin);
    const area = await seedArea(t.ctx.db, (await seedMandator(t.ctx.db)).id);
    const installationId = (await seedInstallation(t.ctx.db, area.id)).id;
    mapUrl = `/api/installations/${installationId}/map-image`;
    const mapUpload = multipart(map, 'plan.png');
    const stored = await t.app.inject({
      method: 'POST',
      url: mapUrl,
      headers: { ...mapUpload.headers, cookie },
      payload: mapUpload.payload,
    });
    expect(stored.statusCode).toBe(200);
    const pm = await seedUser(t.ctx.db, { roles: ['ROLE_PROJECT_MANAGER'] });
    const pictureUpload = multipart(picture, 'me.png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/users/${pm.id}/picture`,
      headers: { ...pictureUpload.headers, cookie },
      payload: pictureUpload.payload,
    });
    pictureUrl = uploaded.json().user.pictureUri;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('sends the whole file with type, length and an ETag from its stored metadata', async () => {
    expect(existsSync(join(t.dataDir, 'files'))).toBe(!onS3);
    for (const [url, bytes] of [
      [mapUrl, map],
      [pictureUrl, picture],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(bytes.length),
        'accept-ranges': 'bytes',
        etag: `"${createHash('sha256').update(bytes).digest('hex')}"`,
      });
    }
  });

  it('sends a part for a range: closed, open and suffix', async () => {
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, map.length - 1],
      ['bytes=-50', map.length - 50, map.length - 1],
      ['bytes=10-999999', 10, map.length - 1],
    ] as const) {
      const response = await get(mapUrl, { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${map.length}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(map.subarray(start, end + 1))).toBe(true);
    }
    const part = await get(pictureUrl, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(picture.subarray(0, 8))).toBe(true);
  });

  it('answers 416 for a range past the end, and the whole file for a range it does not read', async () => {
    const refused = await get(mapUrl, { range: `bytes=${map.length}-` });
    expect(refused.statusCode).toBe(416);
    expect(refused.headers['content-range']).toBe(`bytes */${map.length}`);
    expect(refused.json()).toEqual({
      code: 'RANGE_NOT_SATISFIABLE',
      message: `The range lies beyond the ${map.length} bytes of this file`,
      key: 'app.errors.rangeNotSatisfiable',
      params: { size: map.length },
    });
    for (const range of ['bytes=5-1', 'bytes=0-1,4-5', 'lines=1-2']) {
      const whole = await get(mapUrl, { range });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(map)).toBe(true);
    }
  });

  it('answers 304 to a known ETag, and the whole file when If-Range names another version', async () => {
    const etag = (await get(mapUrl)).headers.etag as string;
    const unchanged = await get(mapUrl, { 'if-none-match': `W/"other", ${etag}` });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect((await get(mapUrl, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const changed = await get(mapUrl, { range: 'bytes=0-9', 'if-range': '"older"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(map)).toBe(true);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await get(mapUrl, {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(map.length));
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.length).toBe(0);
    const part = await get(mapUrl, { range: 'bytes=-10' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('10');
  });
});
