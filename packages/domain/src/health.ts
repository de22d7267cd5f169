import { z } from 'zod';

/**
 * GET /api/health: 200 when database and queue work, 503 with the same body when one does not. Everyone hears the
 * status; only the operators' staff (SYSTEM_STATUS) hear what runs underneath, which tells an attacker what to aim at.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }).optional(),
  queue: z.object({ kind: z.enum(['inline', 'bullmq']), ok: z.boolean(), pending: z.number().int() }).optional(),
  version: z.string().max(100).optional(),
});
export type Health = z.infer<typeof healthSchema>;
