import { z } from 'zod';

export const SMARTROPE_EVENT_TYPES = ['threshold', 'anomaly', 'info'] as const;
export const smartropeEventAttributesSchema = z
  .object({ isAcknowledged: z.boolean(), comment: z.string().max(65_536) })
  .partial();
