import type { Language } from '@rope/domain/languages';
import type { TFunction } from 'i18next';
import { localeOf, textsIn } from '../i18n/locales.ts';

export interface MailLocale {
  locale: Language;
  t: TFunction;
  /** A figure as the locale writes it, at most `digits` decimals: "1.234,5" (de-DE), "1,234.5" (en-US). */
  number(value: number, digits?: number): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The texts and number format of the recipient's language. */
export function mailLocale(languageId: string | null | undefined): MailLocale {
  const locale = localeOf(languageId);
  return {
    locale,
    t: textsIn(locale),
    number(value, digits = 1) {
      const key = `${locale}|${digits}`;
      let format = numberFormats.get(key);
      if (!format) {
        format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        numberFormats.set(key, format);
      }
      return format.format(value);
    },
  };
}
