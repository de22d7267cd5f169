import zlib, { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedArea, seedMandator, seedUser } from '../../test/support/factories.ts';
import { signIn } from '../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

describe('compressed answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const mandator = await seedMandator(t.ctx.db);
    for (let i = 0; i < 30; i += 1) await seedArea(t.ctx.db, mandator.id, `Area with a long enough name ${i}`);
    cookie = await signIn(t.ctx, await seedUser(t.ctx.db, { roles: ['ROLE_ADMIN'] }));
  });
  afterAll(() => t.close());

  it('sends a JSON answer over 1 KiB as zstd, brotli or gzip, as Accept-Encoding allows, with Vary', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/areas', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();

    // A current browser's encodings: Zstandard, a fifth of brotli's CPU for about as few bytes.
    const zstd = await t.app.inject({
      method: 'GET',
      url: '/api/areas',
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(zstd.statusCode).toBe(200);
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstd.headers.vary).toContain('accept-encoding');
    expect(zstd.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zstdDecompressSync(zstd.rawPayload).toString())).toEqual(expected);

    // Safari's: brotli.
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/areas',
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    // Brotli is told the answer's size (half the time): no fewer bytes saved than at quality 4 without it.
    const unhinted = zlib.brotliCompressSync(plain.rawPayload, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(br.rawPayload.length).toBeLessThanOrEqual(unhinted.length);

    const gz = await t.app.inject({ method: 'GET', url: '/api/areas', headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(expected);
  });

  it('compresses an answer of up to 64 KiB in one call and a larger one as a stream', async () => {
    // A stream per answer cost 2 ms of a 4 ms answer of 12 KiB (bench `hierarchy`); one call costs 0.1-0.2 ms.
    const streams = vi.spyOn(zlib, 'createBrotliCompress');
    try {
      const headers = { cookie, 'accept-encoding': 'br' };
      const areas = await t.app.inject({ method: 'GET', url: '/api/areas', headers });
      const size = brotliDecompressSync(areas.rawPayload).length;
      expect(areas.headers['content-encoding']).toBe('br');
      expect(size).toBeGreaterThan(8 * 1024);
      expect(size).toBeLessThanOrEqual(64 * 1024);
      expect(streams).not.toHaveBeenCalled();

      const document = await t.app.inject({ method: 'GET', url: '/api/doc/json', headers });
      expect(document.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(document.rawPayload).length).toBeGreaterThan(64 * 1024);
      expect(streams).toHaveBeenCalledTimes(1);
    } finally {
      streams.mockRestore();
    }
  });

  it('sends a JSON answer under 1 KiB as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().status).toBe('ok');
  });

  it('leaves a small error answer as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an image download, whatever the client accepts', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/self/2fa/qr?secret=JBSWY3DPEHPK3PXP',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('compresses the OpenAPI document, the largest JSON answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/doc/json', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).openapi).toBe('3.1.0');
  });

  it('streams an answer over 64 KiB as Zstandard to a browser that asks for it, whole', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const plain = await t.app.inject({ method: 'GET', url: '/api/doc/json' });
    expect(plain.rawPayload.length).toBeGreaterThan(64 * 1024);
    const response = await t.app.inject({ method: 'GET', url: '/api/doc/json', headers: browser });
    expect(response.headers['content-encoding']).toBe('zstd');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zstdDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it('does not inflate request bodies: a Content-Encoding on a request changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/json',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password' }),
    });
    expect(response.statusCode).toBe(401);
  });
});
