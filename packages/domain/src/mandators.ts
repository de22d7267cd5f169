import { z } from 'zod';

/** Password expiry is off (absent, null or 0, the default) or lasts this many days. */
export const PASSWORD_EXPIRY_DAYS_MIN = 1;
export const PASSWORD_EXPIRY_DAYS_MAX = 3650;

export const mandatorSettingsSchema = z.object({
  /** Days after which a password expires; absent or 0 means never (the default). */
  passwordExpiryDays: z.number().int().min(0).max(PASSWORD_EXPIRY_DAYS_MAX).optional(),
});
export type MandatorSettings = z.infer<typeof mandatorSettingsSchema>;
