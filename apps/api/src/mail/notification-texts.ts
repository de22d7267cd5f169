import { EVENT_TYPES, RECORDING_TYPES } from '@rope/domain/events/kinds';
import { localeFromAcceptLanguage } from '@rope/domain/intl';
import { LANGUAGES, type Language, languageIdByLocale } from '@rope/domain/languages';
import { NOTIFICATION_TEXT_MAX, type NotificationTextInput } from '@rope/domain/notifications/texts';
import { formatZonedDay, formatZonedTime, knownTimeZone, timeZoneLabel } from '@rope/domain/time/zoned';
import { escapeHtml } from './html.ts';
import { type MailLocale, mailLocale } from './locales.ts';

const SUBJECT_MAX = 200;
const SMS_MAX = 320;

/** A rule's or event's type in words, as the web's notification table names it; an unknown type as sent. */
export function ruleTypeLabel({ t }: MailLocale, type: string): string {
  if ((RECORDING_TYPES as readonly string[]).includes(type)) return t(`enums.recordingTypes.${type}`);
  if ((EVENT_TYPES as readonly string[]).includes(type)) return t(`enums.eventTypes.${type}`);
  return t(`notifications.ruleTypes.${type}`, { defaultValue: type });
}

function place(texts: MailLocale, input: NotificationTextInput): string {
  return input.ropeName
    ? texts.t('mail.texts.ropePlace', { rope: input.ropeName, installation: input.installationName })
    : texts.t('mail.texts.installationPlace', { installation: input.installationName });
}

function textOf(texts: MailLocale, input: NotificationTextInput): string {
  const { t, number } = texts;
  const where = place(texts, input);
  switch (input.type) {
    case 'ropeHealth':
    case 'smartropeThreshold':
      return t(`mail.texts.${input.type}`, {
        place: where,
        threshold: number(input.threshold),
        value: number(input.value),
      });
    case 'newDocument':
      return input.documentName
        ? t('mail.texts.newDocument', { place: where, document: input.documentName })
        : t('mail.texts.newUnnamedDocument', { place: where });
    case 'event': {
      const recording = ruleTypeLabel(texts, input.recordingType);
      const kind =
        input.eventType && input.eventType !== input.recordingType
          ? `${recording}: ${ruleTypeLabel(texts, input.eventType)}`
          : recording;
      return t('mail.texts.event', { place: where, kind });
    }
    case 'taskDue': {
      if (input.dueAt) {
        const zone = knownTimeZone(input.timeZone);
        return t('mail.texts.taskDueSince', {
          place: where,
          task: input.taskTitle,
          date: formatZonedDay(input.dueAt, texts.locale, zone),
          zone: timeZoneLabel(zone),
        });
      }
      const cycles = Math.round(input.cycles ?? 0);
      return t('mail.texts.taskDueAtCycles', {
        place: where,
        task: input.taskTitle,
        count: cycles,
        cycles: number(cycles, 0),
      });
    }
  }
}

/**
 * The notification's text in a language (users.languageId), e.g. "Seil «Zugseil» der Anlage Gondelbahn Zermatt:
 * Seilzustand unter 40 % gefallen (jetzt 35 %)"; stored in English (ENU) with the notification.
 */
export function notificationText(input: NotificationTextInput, languageId = 'ENU'): string {
  return clip(textOf(mailLocale(languageId), input), NOTIFICATION_TEXT_MAX);
}

/**
 * A stored notification's text for a reader: worded from its details in the request's Accept-Language (the web sends
 * its interface language); one stored before its details were kept reads as stored (English).
 */
export function notificationTextFor(
  row: { details: NotificationTextInput | null; text: string },
  acceptLanguage: string | undefined,
): string {
  if (!row.details) return row.text;
  const locale = localeFromAcceptLanguage(acceptLanguage, LANGUAGES) as Language;
  return notificationText(row.details, languageIdByLocale[locale]);
}

export interface NotificationMailInput {
  /** What the notification says as data; null for notifications stored before it was kept (their English text). */
  details: NotificationTextInput | null;
  storedText: string;
  type: string;
  installationName: string;
  areaName: string;
  /** The installation's IANA zone, in which the mail names the time. */
  timeZone: string | null;
  triggeredAt: Date;
  /** The page of the rope or installation in the web client. */
  openLink: string;
  unsubscribeLink: string;
  /** Identifies this one mail (the delivery), for support and for telling duplicates apart. */
  reference: string;
}

export interface NotificationMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** A notification mail in the recipient's language: text and HTML parts, and the List-Unsubscribe header. */
export function notificationMail(input: NotificationMailInput, languageId: string): NotificationMail {
  const texts = mailLocale(languageId);
  const { t } = texts;
  const said = input.details ? notificationText(input.details, languageId) : input.storedText;
  const zone = knownTimeZone(input.timeZone);
  const facts = [
    t('mail.notification.rule', { rule: ruleTypeLabel(texts, input.type) }),
    t('mail.notification.installation', { installation: input.installationName, area: input.areaName }),
    t('mail.notification.triggeredAt', {
      time: formatZonedTime(input.triggeredAt, texts.locale, zone),
      zone: timeZoneLabel(zone),
    }),
  ];
  const why = t('mail.notification.why');
  const reference = t('mail.notification.reference', { reference: input.reference });
  const subject = clip(t('mail.notification.subject', { text: said }), SUBJECT_MAX);
  const text = [
    said,
    '',
    ...facts,
    '',
    t('mail.notification.open', { link: input.openLink }),
    '',
    why,
    t('mail.notification.unsubscribe', { link: input.unsubscribeLink }),
    '',
    reference,
  ].join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${texts.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: #1a1a1a">',
    `<p style="font-size: 16px"><strong>${escapeHtml(said)}</strong></p>`,
    `<p>${facts.map(escapeHtml).join('<br>')}</p>`,
    `<p>${link(input.openLink, t('mail.notification.openAction'))}</p>`,
    `<p style="color: #555">${escapeHtml(why)}<br>${link(input.unsubscribeLink, t('mail.notification.unsubscribeAction'))}</p>`,
    `<p style="color: #555">${escapeHtml(reference)}</p>`,
    '</body></html>',
  ].join('\n');
  // RFC 2369: mail clients offer the recipient this link as "unsubscribe". The link opens the web's unsubscribe view,
  // which asks before it switches off; the route takes no one-click POST (RFC 8058), so List-Unsubscribe-Post is left out.
  return { subject, text, html, headers: { 'List-Unsubscribe': `<${input.unsubscribeLink}>` } };
}

/** A notification SMS in the recipient's language. */
export function notificationSms(details: NotificationTextInput | null, storedText: string, languageId: string): string {
  const { t } = mailLocale(languageId);
  const said = details ? notificationText(details, languageId) : storedText;
  return clip(t('mail.notification.subject', { text: said }), SMS_MAX);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
