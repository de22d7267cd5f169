import { z } from 'zod';

/** GET /api/health: 200 when database and queue work, 503 with the same body when one does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  queue: z.object({ kind: z.enum(['inline', 'bullmq']), ok: z.boolean(), pending: z.number().int() }),
  version: z.string().max(100),
});
export type Health = z.infer<typeof healthSchema>;
