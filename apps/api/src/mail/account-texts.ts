import {
  ACTIVATION_TOKEN_TTL_MS,
  EMAIL_CODE_TTL_MS,
  LOGIN_LINK_TTL_MS,
  RESET_TOKEN_TTL_MS,
  type ResetReason,
} from '@rope/domain/auth/rules';
import { mailLocale } from './locales.ts';

/** The mails of the sign-in and account flows, each in its recipient's language (users.languageId). */

export interface MailText {
  subject: string;
  text: string;
}

const minutes = (ms: number) => Math.round(ms / 60_000);
const hours = (ms: number) => Math.round(ms / 3_600_000);

const paragraphs = (...parts: string[]) => `${parts.join('\n\n')}\n`;

export function tokenMail(reason: ResetReason | 'expired', link: string, languageId: string): MailText {
  const { t } = mailLocale(languageId);
  if (reason === 'activate') {
    return {
      subject: t('mail.activation.subject'),
      text: paragraphs(
        t('mail.activation.intro'),
        link,
        t('mail.activation.validity', { count: hours(ACTIVATION_TOKEN_TTL_MS) }),
      ),
    };
  }
  const texts = reason === 'expired' ? 'mail.expired' : 'mail.reset';
  return {
    subject: t(`${texts}.subject`),
    text: paragraphs(t(`${texts}.intro`), link, t('mail.reset.validity', { count: minutes(RESET_TOKEN_TTL_MS) })),
  };
}

export function loginCodeMail(code: string, languageId: string): MailText {
  const { t } = mailLocale(languageId);
  return {
    subject: t('mail.loginCode.subject', { code }),
    text: paragraphs(
      t('mail.loginCode.intro', { code }),
      t('mail.loginCode.validity', { count: minutes(EMAIL_CODE_TTL_MS) }),
    ),
  };
}

export function proofCodeMail(code: string, languageId: string): MailText {
  const { t } = mailLocale(languageId);
  return {
    subject: t('mail.proofCode.subject', { code }),
    text: paragraphs(
      t('mail.proofCode.intro', { code }),
      t('mail.proofCode.validity', { count: minutes(EMAIL_CODE_TTL_MS) }),
    ),
  };
}

export function loginLinkMail(link: string, languageId: string): MailText {
  const { t } = mailLocale(languageId);
  return {
    subject: t('mail.loginLink.subject'),
    text: paragraphs(
      t('mail.loginLink.intro'),
      link,
      t('mail.loginLink.validity', { count: minutes(LOGIN_LINK_TTL_MS) }),
    ),
  };
}

/** To the holder of an address a client admin gave for another user, in the holder's language. */
export function addressInUseMail(languageId: string): MailText {
  const { t } = mailLocale(languageId);
  return {
    subject: t('mail.addressInUse.subject'),
    text: paragraphs(t('mail.addressInUse.body'), t('mail.addressInUse.advice')),
  };
}
