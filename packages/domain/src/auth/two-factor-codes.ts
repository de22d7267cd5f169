// The shape of second-factor codes, without zod: the sign-in screen's code field needs it before any schema.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before or after the current one are accepted (clock drift), no more. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Rope Cockpit';

export const EMAIL_CODE_DIGITS = 6;
