// Ids as paths and queries carry them, without zod: a screen reads its URL before any form (and zod) has loaded.

/** The largest value of a PostgreSQL integer column: ids and counts stored as int4. */
export const ID_MAX = 2_147_483_647;

/** Decimal digits only, so '0x10', ' 1', '1e1', '1.0' and '' are not read as other numbers (Number() takes them). */
export const INTEGER_TEXT = /^(0|-?[1-9][0-9]{0,15})$/;

/** An id from a URL the way the API reads it; NaN for anything else ('0x10', ' 1', '1.5'), which no query finds. */
export function parseId(text: string | undefined): number {
  if (text === undefined || !INTEGER_TEXT.test(text)) return Number.NaN;
  const id = Number(text);
  return id >= 1 && id <= ID_MAX ? id : Number.NaN;
}
