import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decimalTextSchema,
  ID_MAX,
  idSchema,
  idTextSchema,
  integerTextSchema,
  isoDateTime,
  parseId,
} from './common.ts';

describe('strict ids', () => {
  it.each(['0x10', ' 1', '1 ', '+1', '1e1', '1.0', '01', '', '0', '-1', '2147483648', '9007199254740993', 'abc'])(
    'refuses %j in a path or query',
    (text) => {
      expect(idTextSchema.safeParse(text).success).toBe(false);
      expect(parseId(text)).toBeNaN();
    },
  );

  it('reads decimal ids up to the integer column', () => {
    expect(idTextSchema.parse('16')).toBe(16);
    expect(parseId(String(ID_MAX))).toBe(ID_MAX);
  });

  it('parseId, written without zod for the first screen, reads exactly what idTextSchema accepts', () => {
    const texts = fc.oneof(fc.string(), fc.integer().map(String), fc.bigInt().map(String), fc.double().map(String));
    fc.assert(
      fc.property(texts, (text) => {
        const parsed = idTextSchema.safeParse(text);
        expect(parseId(text)).toBe(parsed.success ? parsed.data : Number.NaN);
      }),
    );
  });

  it.each([0, -1, 1.5, 2 ** 31, 2 ** 53, Number.NaN, '1'])('refuses %j in a body', (value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
  });

  it('reads other integers and decimals in queries strictly too', () => {
    expect(integerTextSchema(1, 100).safeParse('0x10').success).toBe(false);
    expect(integerTextSchema(1, 100).parse('10')).toBe(10);
    expect(decimalTextSchema.parse('-12.5')).toBe(-12.5);
    for (const text of ['1e3', ' 1', '', '0x1', 'Infinity'])
      expect(decimalTextSchema.safeParse(text).success).toBe(false);
  });
});

describe('isoDateTime', () => {
  it('takes times with an offset in the years PostgreSQL stores, and refuses year 0000 with its key', () => {
    expect(isoDateTime.safeParse('2026-11-24T08:00:00+01:00').success).toBe(true);
    expect(isoDateTime.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    const zero = isoDateTime.safeParse('0000-01-01T00:00:00Z');
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe('Enter a valid date and time');
    expect(isoDateTime.safeParse('2026-11-24T08:00:00').success).toBe(false);
  });
});
