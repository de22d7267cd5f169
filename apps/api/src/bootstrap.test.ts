import { apiKeys, users } from '@rope/db/schema/index';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/support/test-app.ts';
import { bootstrapData } from './bootstrap.ts';

describe('first start', () => {
  it.each([
    ['under NODE_ENV=production unless asked', { NODE_ENV: 'production' }],
    ['with DEMO_DATA=false', { NODE_ENV: 'development', DEMO_DATA: 'false' }],
  ])('creates no demo accounts or API keys %s', async (_, env) => {
    const t = await createTestApp(env);
    try {
      const result = await bootstrapData(t.ctx);
      expect(result.demo).toBeUndefined();
      expect(await t.ctx.db.select().from(users)).toEqual([]);
      expect(await t.ctx.db.select().from(apiKeys)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
