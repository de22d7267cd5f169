import { z } from 'zod';

export const mandatorSettingsSchema = z.object({
  /** Days after which a password expires; absent or 0 means never (the default). */
  passwordExpiryDays: z.number().int().min(0).max(3650).optional(),
});
export type MandatorSettings = z.infer<typeof mandatorSettingsSchema>;
