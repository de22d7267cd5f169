import {
  PASSWORD_EXPIRY_DAYS_DEFAULT,
  PASSWORD_EXPIRY_DAYS_MAX,
  PASSWORD_EXPIRY_DAYS_MIN,
} from '@rope/domain/mandators/schemas';
import type { MandatorView } from '@rope/domain/mandators/views';
import { message } from '@rope/domain/message';
import { type MandatorBody, mandatorBodySchema } from '@rope/domain/users/forms';
import type { DomainFormSpec } from '../../lib/domain-form';

export interface MandatorFormValues {
  name: string;
  /** Off by default: passwords never expire. */
  expires: boolean;
  expiryDays: number | string;
}

export function initialMandatorValues(mandator: MandatorView | undefined): MandatorFormValues {
  const days = mandator?.passwordExpiryDays ?? 0;
  return { name: mandator?.name ?? '', expires: days > 0, expiryDays: days > 0 ? days : PASSWORD_EXPIRY_DAYS_DEFAULT };
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

/** The mandator dialog on the domain's schema; 0 days, which the schema takes as "never", is no expiry turned on. */
export const mandatorFormSpec: DomainFormSpec<MandatorFormValues, MandatorBody> = {
  schema: mandatorBodySchema,
  toInput: toMandatorInput,
  entity: 'mandator',
  fieldOf: (path) => (path === 'passwordExpiryDays' ? 'expiryDays' : path),
  rules: (values) =>
    values.expires && toDays(values.expiryDays) === 0
      ? {
          expiryDays: message('validation.expiryDaysRange', {
            min: PASSWORD_EXPIRY_DAYS_MIN,
            max: PASSWORD_EXPIRY_DAYS_MAX,
          }),
        }
      : {},
};
