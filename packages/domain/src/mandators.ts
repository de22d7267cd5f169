import { z } from 'zod';

/** Password expiry is off (0, the default) or set to this many days. */
export const PASSWORD_EXPIRY_DAYS_MIN = 1;
export const PASSWORD_EXPIRY_DAYS_MAX = 3650;
/** A sensible first value when an admin turns password expiry on. */
export const PASSWORD_EXPIRY_DAYS_DEFAULT = 90;

/** Days after which a password expires; 0 means never. */
export const passwordExpiryDaysSchema = z.number().int().min(0).max(PASSWORD_EXPIRY_DAYS_MAX);

export const mandatorSettingsSchema = z.object({
  /** Absent or 0: passwords never expire (the default). */
  passwordExpiryDays: passwordExpiryDaysSchema.optional(),
});
export type MandatorSettings = z.infer<typeof mandatorSettingsSchema>;
