import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the web client as files', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rope-web-spa-'));
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(join(webDist, 'login'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root">Rope Cockpit is starting…</div>');
    writeFileSync(join(webDist, 'login', 'bg-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(webDist, 'assets', 'tiny-abc123.js'), 'export const a = 1;');
    // The service worker, its Workbox runtime and the web app manifest (apps/web/build-plugins/installable-app.ts).
    writeFileSync(join(webDist, 'sw.js'), "importScripts('workbox-abc123.js');");
    writeFileSync(join(webDist, 'workbox-abc123.js'), 'self.workbox = {};');
    writeFileSync(join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Rope Cockpit', start_url: '/' }));
    // What the build writes (apps/web/build-plugins/compress-assets.ts): the file and its two compressed copies.
    const script = join(webDist, 'assets', 'index-abc123.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    '/login/reset/abc.def',
    '/areas/1.5',
    '/areas/1/installations/2.0/ropes/3',
    '/notification/unsubscribe/a.b%40example.com?token=x.y',
    '/login.',
  ])('serves the app for the dotted path %s, never JSON', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Rope Cockpit is starting');
  });

  it.each([
    '/assets/nope.js',
    '/assets/nope',
    '/assets/index-abc123.js.br',
    '/nope.css',
    '/login/bg-9.svg',
    '/nope.webmanifest',
  ])('answers the missing file %s with a 404, not the app', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('keeps the JSON 404 of an unknown API path, dotted or not', async () => {
    for (const url of ['/api/nope.json', '/api/areas/1.5/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('serves a real file outside assets/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login/bg-1.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it.each([
    ['/sw.js', /^application\/javascript/],
    ['/workbox-abc123.js', /^application\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('serves %s as its type, asked for again on every use and allowed by the policy', async (url, type) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    // A cached worker or manifest would keep the browser on an old version of the app.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(response.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('keeps the long caching of the hashed assets and asks for index.html again each time', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/tiny-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/areas']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the brotli or gzip copy made at build time, as Accept-Encoding allows, with Vary', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('never compresses a file per request: one without a compressed copy goes out as it is', async () => {
    for (const url of ['/areas', '/assets/tiny-abc123.js', '/login/bg-1.svg']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    }
  });

  it('sends the security headers and, over HTTPS, HSTS with the files too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });
});
