import { z } from 'zod';
import { defineJob } from '../infra/queue/define.ts';
import { maintainEmbeddedDatabase } from './embedded-maintenance.ts';

const HOURLY = 3_600_000;

/**
 * The embedded database's vacuum and analysis (embedded-maintenance.ts), hourly and at each start; scheduled only in
 * the embedded mode: PostgreSQL's own autovacuum keeps a server's tables (asked for there, it does what autovacuum
 * would have done next).
 */
export const maintainEmbeddedDatabaseJob = defineJob({
  queue: 'maintenance',
  name: 'maintain-embedded-database',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: (env) => (env.DATABASE_URL ? undefined : HOURLY),
  handle: async (ctx) => {
    const done = await maintainEmbeddedDatabase(ctx.db);
    for (const { table, vacuumed, analysed, ms } of done)
      ctx.log.info({ table, vacuumed, analysed, ms: Math.round(ms) }, 'embedded database table maintained');
  },
});
