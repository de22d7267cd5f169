import { ROLES } from '@rope/domain/roles';
import { mandatorBodySchema } from '@rope/domain/user-forms';
import { z } from 'zod';

export const mandatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Days until a password expires; null when passwords never expire (the default). */
  passwordExpiryDays: z.number().int().nullable(),
  canBeDeleted: z.boolean(),
});
export type MandatorAnswer = z.infer<typeof mandatorSchema>;

export const mandatorListAnswerSchema = z.object({ mandators: z.array(mandatorSchema) });
export const mandatorAnswerSchema = z.object({ mandator: mandatorSchema });
export const mandatorCreateBodySchema = z.object({ mandator: mandatorBodySchema });
export const mandatorUpdateBodySchema = z.object({ mandator: mandatorBodySchema.partial() });

export const mandatorUsersAnswerSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.enum(ROLES) })),
});
