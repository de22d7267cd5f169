import { LANGUAGE_IDS } from '@rope/domain/languages';
import { describe, expect, it } from 'vitest';
import {
  everyMailKind,
  NOTIFICATION_SAMPLES,
  SAMPLE_CODE,
  SAMPLE_LINK,
  sampleNotificationMail,
} from '../../test/support/mail.ts';
import { notificationText } from './notification-texts.ts';

const english = everyMailKind('ENU');
/** A translation key left in a text ("mail.reset.subject", "enums.eventTypes.wireBreak"). */
const RAW_KEY = /\b(mail|enums|notifications)\.[a-zA-Z]+(\.[a-zA-Z]+)*/;

describe('every mail and SMS in every language', () => {
  for (const languageId of LANGUAGE_IDS) {
    it(`renders each kind in ${languageId}, complete and translated`, () => {
      const kinds = everyMailKind(languageId);
      expect(Object.keys(kinds).sort()).toEqual(Object.keys(english).sort());
      for (const [kind, { subject, text }] of Object.entries(kinds)) {
        for (const part of [subject, text]) {
          expect(part, `${languageId} ${kind}`).not.toMatch(RAW_KEY);
          expect(part, `${languageId} ${kind}`).not.toContain('{{');
          expect(part.trim(), `${languageId} ${kind}`).not.toBe('');
        }
        if (languageId !== 'ENU') {
          expect(subject, `${languageId} ${kind} subject`).not.toBe(english[kind]!.subject);
          expect(text, `${languageId} ${kind} text`).not.toBe(english[kind]!.text);
        }
      }
      for (const kind of ['activation', 'reset', 'expired', 'loginLink'])
        expect(kinds[kind]!.text).toContain(SAMPLE_LINK);
      for (const kind of ['loginCode', 'proofCode']) {
        expect(kinds[kind]!.subject).toContain(SAMPLE_CODE);
        expect(kinds[kind]!.text).toContain(SAMPLE_CODE);
      }
    });
  }

  it('writes German mails in German, with the local figures and plurals', () => {
    const german = everyMailKind('DES');
    expect(german.reset!.subject).toBe('Setzen Sie Ihr Rope-Cockpit-Passwort zurück');
    expect(german.reset!.text).toContain('30 Minuten lang');
    expect(german.activation!.text).toContain('72 Stunden lang');
    expect(german.addressInUse!.subject).toBe('Jemand wollte Ihre Adresse in Rope Cockpit verwenden');
    expect(notificationText(NOTIFICATION_SAMPLES.ropeHealth!, 'DES')).toBe(
      'Seil «Zugseil» der Anlage Gondelbahn Zermatt: Seilzustand unter 40 % gefallen (jetzt 35,3 %)',
    );
    expect(notificationText(NOTIFICATION_SAMPLES.smartropeThreshold!, 'DES')).toContain('(jetzt 1.234,5)');
    expect(notificationText(NOTIFICATION_SAMPLES.event!, 'DES')).toContain('Neues Ereignis (Schaden: Drahtbruch)');
    expect(notificationText(NOTIFICATION_SAMPLES.taskDueAtCycles!, 'DES')).toContain('bei 600.000 Biegewechseln');
    expect(notificationText({ ...NOTIFICATION_SAMPLES.taskDueAtCycles!, cycles: 1 } as never, 'DES')).toContain(
      'bei 1 Biegewechsel',
    );
    expect(notificationText(NOTIFICATION_SAMPLES.taskDueAtCycles!, 'FRS')).toContain(
      'à 600\u202f000 cycles de flexion',
    );
    expect(notificationText(NOTIFICATION_SAMPLES.taskDueAtCycles!, 'ENU')).toContain('at 600,000 bending cycles');
  });

  it('names the day a task fell due in the installation’s zone, and the zone', () => {
    // Due 28.11.2026 at midnight in Zurich: 27.11.2026 23:00 UTC.
    const due = NOTIFICATION_SAMPLES.taskDueSince!;
    expect(notificationText(due, 'DES')).toBe(
      'Seil «Zugseil» der Anlage Gondelbahn Zermatt: Aufgabe «Spleisskontrolle» ist fällig seit 28.11.2026 (Europe/Zurich)',
    );
    expect(notificationText(due, 'FRS')).toContain('depuis le 28/11/2026 (Europe/Zurich)');
    expect(notificationText(due, 'ESP')).toContain('desde el 28/11/2026 (Europe/Zurich)');
    expect(notificationText(due, 'ENU')).toContain('due since 11/28/2026 (Europe/Zurich)');
    expect(notificationText({ ...due, timeZone: 'America/New_York' } as never, 'ENU')).toContain(
      'due since 11/27/2026 (America/New York)',
    );
    // A zone the platform does not know (or none) is the platform's home zone, named as such.
    expect(notificationText({ ...due, timeZone: 'Mars/Olympus' } as never, 'DES')).toContain(
      '28.11.2026 (Europe/Zurich)',
    );
  });

  it('stamps a notification with the local time and its zone, never UTC', () => {
    const mail = sampleNotificationMail(NOTIFICATION_SAMPLES.ropeHealth!, 'DES');
    expect(mail.text).toContain('Ausgelöst am: 28.11.2026, 23:51 (Europe/Zurich)');
    expect(mail.text).not.toContain('UTC');
    expect(sampleNotificationMail(NOTIFICATION_SAMPLES.ropeHealth!, 'ENU').text).toContain(
      'Triggered at: 11/28/2026, 11:51 PM (Europe/Zurich)',
    );
  });

  it('gives notification mails an escaped HTML part and a List-Unsubscribe header', () => {
    const hostile = { ...NOTIFICATION_SAMPLES.newDocument!, installationName: `<b>Bahn</b> & "Co" 'X'` } as never;
    const mail = sampleNotificationMail(hostile, 'DES');
    expect(mail.html).toContain('<html lang="de-DE">');
    expect(mail.html).toContain('&lt;b&gt;Bahn&lt;/b&gt; &amp; &quot;Co&quot; &#39;X&#39;');
    expect(mail.html).not.toContain('<b>Bahn');
    expect(mail.html).toContain(
      '<a href="https://cockpit.example.com/notification/unsubscribe/anna%40example.com?token=ab12">Alle Benachrichtigungs-E-Mails abbestellen</a>',
    );
    expect(mail.html).toContain(
      '<a href="https://cockpit.example.com/areas/1/installations/2/ropes/3">In Rope Cockpit öffnen</a>',
    );
    expect(mail.html).toContain('Ausgelöst am: 28.11.2026, 23:51 (Europe/Zurich)');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://cockpit.example.com/notification/unsubscribe/anna%40example.com?token=ab12>',
    });
  });
});
