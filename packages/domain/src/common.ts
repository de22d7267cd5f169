import { z } from 'zod';
import { ID_MAX, INTEGER_TEXT } from './ids.ts';
import { keyed } from './messages.ts';

/**
 * A refinement's option: it runs even when a field of the object failed, so a form shows every problem at once (zod
 * skips refinements after a failed field otherwise). The refinement must expect the unchecked values then.
 */
export const alongFieldIssues = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

export { ID_MAX, parseId } from './ids.ts';
export { LANGUAGE_IDS, LANGUAGES, type Language, type LanguageId, languageIdByLocale } from './languages.ts';

/** A database id in a body: a positive integer within the column's range. */
export const idSchema = z
  .number(keyed('validation.idNumber'))
  .int(keyed('validation.idNumber'))
  .positive(keyed('validation.idMin', { min: 1 }))
  .max(ID_MAX, keyed('validation.idMax', { max: ID_MAX }));

/**
 * An integer in a path or query: decimal digits only, so '0x10', ' 1', '1e1', '1.0' and '' are refused
 * instead of being read as other numbers (Number() and z.coerce accept all of them).
 */
export function integerTextSchema(min: number, max: number, kind: 'wholeNumber' | 'id' = 'wholeNumber') {
  return z
    .string()
    .regex(INTEGER_TEXT, keyed(`validation.${kind}Digits`))
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, keyed(`validation.${kind}Min`, { min }))
        .max(max, keyed(`validation.${kind}Max`, { max })),
    );
}

/** A database id in a path or query, e.g. /users/16 or ?showAsUser=16. */
export const idTextSchema = integerTextSchema(1, ID_MAX, 'id');
export const idParamsSchema = z.object({ id: idTextSchema });

/** Names (area, installation, rope, mandator) and one-line texts are at most this long. */
export const NAME_MAX_LENGTH = 255;

export const shortText = z.string().trim().max(45);
export const nameText = z.string().trim().min(1).max(NAME_MAX_LENGTH);
export const longText = z.string().max(65_536);

/** [latitude, longitude] in WGS84 degrees. */
export const latLngSchema = z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]);
export type LatLng = z.infer<typeof latLngSchema>;

/** A drawn line: on a geographic map WGS84 pairs; on an image map pixel pairs in simple coordinates. */
export const latLngListSchema = z.array(z.tuple([z.number().finite(), z.number().finite()])).max(10_000);

/**
 * An ISO 8601 time with its offset, in the years PostgreSQL stores: it has no year 0000 and refuses one as an error.
 * The API document's example is a time like the demo's: from the pattern alone, its page made up ones like 8313-08-10.
 */
export const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine((value) => !value.startsWith('0000'), keyed('validation.invalidDateTime'))
  .meta({ examples: ['2026-03-01T10:00:00Z'] });

/** Numeric fields clamp to 0..999999999 unless a field says otherwise. */
export const DEFAULT_NUMBER_MIN = 0;
export const DEFAULT_NUMBER_MAX = 999_999_999;
export const boundedNumber = z.number().finite().min(DEFAULT_NUMBER_MIN).max(DEFAULT_NUMBER_MAX);

/** A decimal number in a query, e.g. ?positionFrom=-12.5: no hex, exponents, blanks or empty strings. */
export const decimalTextSchema = z
  .string()
  .regex(/^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,12})?$/, keyed('validation.decimalNumber'))
  .transform(Number);
/** A decimal number of at least 0 as text (a threshold): the OpenAPI document's pattern leaves the sign out. */
export const nonNegativeDecimalTextSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,14})(\.[0-9]{1,12})?$/, keyed('validation.decimalNumber'))
  .transform(Number);
