import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/support/test-app.ts';

describe('the app shell of the API', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rope-web-'));
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root">Rope Cockpit is starting…</div>');
    writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/areas/1/installations/2/ropes/3', '/documents/4/7'])(
    'serves index.html for the deep link %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Rope Cockpit is starting');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable and a missing asset as 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope-1.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers an unknown API path with a JSON 404, never index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'No such call: GET /api/no-such-thing',
      key: 'app.errors.noSuchCall',
      params: { method: 'GET', path: '/api/no-such-thing' },
    });
  });

  it('publishes the OpenAPI 3.1 document generated from the route schemas', async () => {
    const raw = await t.app.inject({ method: 'GET', url: '/api/doc/json' });
    expect(raw.statusCode).toBe(200);
    const document = raw.json();
    expect(document.openapi).toBe('3.1.0');
    expect(
      document.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('status');
    const page = await t.app.inject({ method: 'GET', url: '/api/doc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });

  it('sends security headers on every answer', async () => {
    for (const url of ['/api/health', '/', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('refuses a state-changing request from another site', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('FORBIDDEN');
    const fetchSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
  });

  it('answers a malformed JSON body with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toHaveProperty('code');
    expect(response.json()).toHaveProperty('message');
    expect(response.body).not.toContain('at ');
  });
});
