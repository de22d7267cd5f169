import type { MailText } from './account-texts.ts';
import { mailLocale } from './locales.ts';

/** To an endpoint's owner when a day of failed deliveries disabled it. */
export function webhookDisabledMail(input: { url: string; error: string; link: string }, languageId: string): MailText {
  const { t } = mailLocale(languageId);
  return {
    subject: t('mail.webhookDisabled.subject'),
    text: `${[t('mail.webhookDisabled.intro', { url: input.url, error: input.error }), t('mail.webhookDisabled.action'), input.link].join('\n\n')}\n`,
  };
}
