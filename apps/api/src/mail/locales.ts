import { LANGUAGES, type Language, languageIdByLocale } from '@rope/domain/languages';
import deEnums from '@rope/web/locales/de-DE/enums.json' with { type: 'json' };
import deMail from '@rope/web/locales/de-DE/mail.json' with { type: 'json' };
import deNotifications from '@rope/web/locales/de-DE/notifications.json' with { type: 'json' };
import enEnums from '@rope/web/locales/en-US/enums.json' with { type: 'json' };
import enMail from '@rope/web/locales/en-US/mail.json' with { type: 'json' };
import enNotifications from '@rope/web/locales/en-US/notifications.json' with { type: 'json' };
import esEnums from '@rope/web/locales/es-ES/enums.json' with { type: 'json' };
import esMail from '@rope/web/locales/es-ES/mail.json' with { type: 'json' };
import esNotifications from '@rope/web/locales/es-ES/notifications.json' with { type: 'json' };
import frEnums from '@rope/web/locales/fr-FR/enums.json' with { type: 'json' };
import frMail from '@rope/web/locales/fr-FR/mail.json' with { type: 'json' };
import frNotifications from '@rope/web/locales/fr-FR/notifications.json' with { type: 'json' };
import i18next, { type TFunction } from 'i18next';

/**
 * The texts of mails and SMS are the web's translation files (apps/web/src/i18n/locales/<language>/mail.json, with
 * its completeness tests); the server reads the mail namespace and the labels it names (rule and event types).
 */
const resources = {
  'en-US': { translation: { mail: enMail, enums: enEnums, notifications: enNotifications } },
  'de-DE': { translation: { mail: deMail, enums: deEnums, notifications: deNotifications } },
  'fr-FR': { translation: { mail: frMail, enums: frEnums, notifications: frNotifications } },
  'es-ES': { translation: { mail: esMail, enums: esEnums, notifications: esNotifications } },
} satisfies Record<Language, unknown>;

const instance = i18next.createInstance();
// With initAsync off the resources are in once init returns: no module of the server waits on a top-level await.
void instance.init({
  resources,
  lng: 'en-US',
  fallbackLng: 'en-US',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Plain text: values are escaped where a text becomes HTML (html.ts), not here.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const localeById = new Map<string, Language>(
  Object.entries(languageIdByLocale).map(([locale, id]) => [id, locale as Language]),
);

/** The locale of a user's languageId ('DES' → 'de-DE'); English for anything unknown. */
export function localeOf(languageId: string | null | undefined): Language {
  return localeById.get(languageId ?? '') ?? 'en-US';
}

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
    t: instance.getFixedT(locale),
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
