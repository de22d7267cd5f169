import { type MandatorBody, mandatorBodySchema } from '@rope/domain/user-forms';
import type { MandatorView } from '@rope/domain/views/mandators';
import { issuesToErrors } from '../users/form-errors';

/** A sensible first value when an admin turns password expiry on. */
export const DEFAULT_EXPIRY_DAYS = 90;

export interface MandatorFormValues {
  name: string;
  /** Off by default: passwords never expire. */
  expires: boolean;
  expiryDays: number | string;
}

export function initialMandatorValues(mandator: MandatorView | undefined): MandatorFormValues {
  const days = mandator?.passwordExpiryDays ?? 0;
  return { name: mandator?.name ?? '', expires: days > 0, expiryDays: days > 0 ? days : DEFAULT_EXPIRY_DAYS };
}

/** Expiry switched off is sent as 0 ("never"), so turning it off on an existing mandator takes effect. */
export function toMandatorInput(values: MandatorFormValues): Record<string, unknown> {
  const days = toDays(values.expiryDays);
  return { name: values.name, passwordExpiryDays: values.expires ? days : 0 };
}

/** What was typed, as a number; anything but digits (or nothing) is NaN, which the schema refuses. */
function toDays(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
}

export type ParsedMandatorForm =
  | { ok: true; mandator: MandatorBody; errors: Record<string, string> }
  | { ok: false; errors: Record<string, string> };

export const EXPIRY_DAYS_MIN = 1;
export const EXPIRY_DAYS_MAX = 3650;

/** The schema's verdict; a bad number of days is reported as `expiryDays: 'range'` for the form to word. */
export function parseMandatorForm(values: MandatorFormValues): ParsedMandatorForm {
  const input = toMandatorInput(values);
  const result = mandatorBodySchema.safeParse(input);
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  const days = input.passwordExpiryDays as number;
  if (errors.passwordExpiryDays || (values.expires && !(days >= EXPIRY_DAYS_MIN && days <= EXPIRY_DAYS_MAX))) {
    errors.expiryDays = 'range';
  }
  delete errors.passwordExpiryDays;
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, mandator: result.data, errors };
}
