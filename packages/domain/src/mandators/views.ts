import { z } from 'zod';

/** A mandator as GET /api/mandators answers it. */
export const mandatorViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Days until a password expires; null when passwords never expire (the default). */
  passwordExpiryDays: z.number().int().nullable(),
  /** False while areas or users are assigned to it. */
  canBeDeleted: z.boolean(),
});
export type MandatorView = z.infer<typeof mandatorViewSchema>;

export const mandatorListAnswerSchema = z.object({ mandators: z.array(mandatorViewSchema) });
export const mandatorAnswerSchema = z.object({ mandator: mandatorViewSchema });
