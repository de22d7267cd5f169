import { z } from 'zod';
import { keyed } from '../messages.ts';

/** Password expiry is off (absent, null or 0, the default) or lasts this many days. */
export const PASSWORD_EXPIRY_DAYS_MIN = 1;
export const PASSWORD_EXPIRY_DAYS_MAX = 3650;
/** A sensible first value when an admin turns password expiry on. */
export const PASSWORD_EXPIRY_DAYS_DEFAULT = 90;

const expiryDaysRange = keyed('validation.expiryDaysRange', {
  min: PASSWORD_EXPIRY_DAYS_MIN,
  max: PASSWORD_EXPIRY_DAYS_MAX,
});

/** Days after which a password expires; 0 means never. */
export const passwordExpiryDaysSchema = z
  .number(expiryDaysRange)
  .int(expiryDaysRange)
  .min(0, expiryDaysRange)
  .max(PASSWORD_EXPIRY_DAYS_MAX, expiryDaysRange);

export const mandatorSettingsSchema = z.object({
  /** Absent or 0: passwords never expire (the default). */
  passwordExpiryDays: passwordExpiryDaysSchema.optional(),
});
export type MandatorSettings = z.infer<typeof mandatorSettingsSchema>;
