import type { NotificationTextInput } from '@rope/domain/notifications/texts';
import {
  addressInUseMail,
  loginCodeMail,
  loginLinkMail,
  proofCodeMail,
  tokenMail,
} from '../../src/mail/account-texts.ts';
import { notificationMail, notificationSms } from '../../src/mail/notification-texts.ts';

/**
 * Every kind of mail and SMS the server sends, with sample values, for the tests that render each in every language.
 * A new kind belongs here, so no test run misses it.
 */
export const NOTIFICATION_SAMPLES: Record<string, NotificationTextInput> = {
  ropeHealth: {
    type: 'ropeHealth',
    installationName: 'Gondelbahn Zermatt',
    ropeName: 'Zugseil',
    threshold: 40,
    value: 35.25,
  },
  smartropeThreshold: {
    type: 'smartropeThreshold',
    installationName: 'Gondelbahn Zermatt',
    ropeName: 'Zugseil',
    threshold: 800,
    value: 1234.5,
  },
  newDocument: {
    type: 'newDocument',
    installationName: 'Gondelbahn Zermatt',
    ropeName: null,
    documentName: 'Prüfbericht 2026',
  },
  newUnnamedDocument: { type: 'newDocument', installationName: 'Gondelbahn Zermatt', ropeName: 'Zugseil' },
  event: {
    type: 'event',
    installationName: 'Gondelbahn Zermatt',
    ropeName: 'Zugseil',
    recordingType: 'damage',
    eventType: 'wireBreak',
  },
  taskDueSince: {
    type: 'taskDue',
    installationName: 'Gondelbahn Zermatt',
    ropeName: 'Zugseil',
    taskTitle: 'Spleisskontrolle',
    dueAt: '2026-11-27T23:00:00.000Z',
    timeZone: 'Europe/Zurich',
  },
  taskDueAtCycles: {
    type: 'taskDue',
    installationName: 'Gondelbahn Zermatt',
    ropeName: 'Zugseil',
    taskTitle: 'MRT',
    cycles: 600_000,
  },
};

export const SAMPLE_LINK = 'https://cockpit.example.com/login/reset/Abc123';
export const SAMPLE_CODE = '042917';

export function sampleNotificationMail(details: NotificationTextInput, languageId: string) {
  return notificationMail(
    {
      details,
      storedText: '',
      type: details.type === 'event' ? details.eventType : details.type,
      installationName: details.installationName,
      areaName: 'Zermatt',
      timeZone: 'Europe/Zurich',
      triggeredAt: new Date('2026-11-28T22:51:00Z'),
      openLink: 'https://cockpit.example.com/areas/1/installations/2/ropes/3',
      unsubscribeLink: 'https://cockpit.example.com/notification/unsubscribe/anna%40example.com?token=ab12',
      reference: 'delivery-7',
    },
    languageId,
  );
}

/** Each kind, rendered in one language: subject and text. */
export function everyMailKind(languageId: string): Record<string, { subject: string; text: string }> {
  const kinds: Record<string, { subject: string; text: string }> = {
    activation: tokenMail('activate', SAMPLE_LINK, languageId),
    reset: tokenMail('reset', SAMPLE_LINK, languageId),
    expired: tokenMail('expired', SAMPLE_LINK, languageId),
    loginCode: loginCodeMail(SAMPLE_CODE, languageId),
    proofCode: proofCodeMail(SAMPLE_CODE, languageId),
    loginLink: loginLinkMail(SAMPLE_LINK, languageId),
    addressInUse: addressInUseMail(languageId),
  };
  for (const [name, details] of Object.entries(NOTIFICATION_SAMPLES)) {
    kinds[`notification.${name}`] = sampleNotificationMail(details, languageId);
    const sms = notificationSms(details, '', languageId);
    kinds[`sms.${name}`] = { subject: sms, text: sms };
  }
  return kinds;
}
