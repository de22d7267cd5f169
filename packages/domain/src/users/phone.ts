import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number in E.164 (`+41791234567`), the form SMS providers take, or undefined when it is none: no country
 * code, a number too short or too long for its country, or digits no number of that country starts with. Takes the
 * ways people write numbers: spaces, dashes, brackets, the Swiss and German `(0)`, and `00` for the plus.
 */
export function toE164(written: string): string | undefined {
  const trimmed = written.trim().replace(/\(0\)/g, '');
  const international = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  if (!international.startsWith('+')) return undefined;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : undefined;
}
