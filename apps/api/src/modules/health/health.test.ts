import { rmSync } from 'node:fs';
import type { Role } from '@rope/domain/access/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiKey, seedUser } from '../../../test/support/factories.ts';
import { captureLog } from '../../../test/support/log-capture.ts';
import { signInWithPassword } from '../../../test/support/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const health = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/health', headers });
  const cookieOf = async (role: Role) => signInWithPassword(t.app, (await seedUser(t.ctx.db, { roles: [role] })).email);

  it('tells an anonymous caller only the status, never what runs underneath', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toMatch(/pglite|postgres|inline|bullmq/i);
  });

  it("tells signed-in people outside the operators' staff, and API keys, only the status", async () => {
    for (const role of ['ROLE_FREE_USER', 'ROLE_USER', 'ROLE_CLIENT_ADMIN', 'ROLE_PROJECT_MANAGER'] as const) {
      expect((await health({ cookie: await cookieOf(role) })).json(), role).toEqual({ status: 'ok' });
    }
    const { key } = await seedApiKey(t.ctx.db, 'ROLE_API_INTERNAL');
    expect((await health({ authorization: `Bearer ${key}` })).json()).toEqual({ status: 'ok' });
  });

  it('reports database and queue state to an admin', async () => {
    const response = await health({ cookie: await cookieOf('ROLE_ADMIN') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { kind: t.ctx.database.kind, ok: true },
      queue: { kind: 'inline', ok: true, pending: 0 },
      version: t.ctx.version,
    });
  });

  it('answers 503 and degraded when the database is gone, to anyone without details', async () => {
    const other = await createTestApp();
    await other.ctx.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded' });
    await other.app.close();
    rmSync(other.dataDir, { recursive: true, force: true });
  });
});

describe('GET /api/health in the log', () => {
  let t: TestApp;
  const { stream: logStream, lines } = captureLog();
  beforeAll(async () => {
    t = await createTestApp({}, { logStream });
  });
  afterAll(() => t.close());

  it("writes nothing for a health check, where another route's request is logged", async () => {
    for (let poll = 0; poll < 3; poll += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    expect(lines.filter((line) => line.includes('/api/health'))).toEqual([]);
    await t.app.inject({ method: 'GET', url: '/api/areas' });
    expect(lines.some((line) => line.includes('/api/areas'))).toBe(true);
  });
});
