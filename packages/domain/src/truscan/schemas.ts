import { z } from 'zod';
import { isoDateTime } from '../common.ts';
import { patchAttributesSchema } from '../patch-schemas.ts';
import { truscanAttributesSchema } from '../ropes/schemas.ts';
import { TRUSCAN_REASON_MAX_LENGTH, TRUSCAN_REQUEST_STATUSES } from './figures.ts';

/** What a device reports of itself; keys sent replace the stored ones, null removes one, the rest stays. */
export const truscanStateBodySchema = z.object({
  truscanAttributes: patchAttributesSchema(truscanAttributesSchema),
});

export const truscanTriggerBodySchema = z.object({
  reason: z.string().trim().min(1).max(TRUSCAN_REASON_MAX_LENGTH),
});

export const truscanRequestViewSchema = z.object({
  id: z.number(),
  reason: z.string(),
  status: z.enum(TRUSCAN_REQUEST_STATUSES),
  requestedAt: isoDateTime,
  requestedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  sentAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
});
export type TruscanRequestView = z.infer<typeof truscanRequestViewSchema>;

/** The panel's state: what the device last reported and the newest measurement asked of it. */
export const truscanStateAnswerSchema = z.object({
  truscanAttributes: truscanAttributesSchema,
  request: truscanRequestViewSchema.nullable(),
});
export type TruscanStateAnswer = z.infer<typeof truscanStateAnswerSchema>;

export const truscanRequestAnswerSchema = z.object({ request: truscanRequestViewSchema });
export const truscanPendingAnswerSchema = z.object({ requests: z.array(truscanRequestViewSchema) });
