import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports database and queue state with 200 when both work', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { kind: t.ctx.database.kind, ok: true },
      queue: { kind: 'inline', ok: true, pending: 0 },
      version: t.ctx.version,
    });
  });

  it('answers 503 and degraded when the database is gone', async () => {
    const other = await createTestApp();
    await other.ctx.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    await other.app.close();
  });
});
