// The API process in a zone far east of UTC: the texts must not change with the machine's zone.
const machineZone = process.env.TZ;
process.env.TZ = 'Pacific/Auckland';

import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_SAMPLES, sampleNotificationMail } from '../../test/support/mail.ts';
import { notificationText } from './notification-texts.ts';

describe('mail texts in a process running in Pacific/Auckland', () => {
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('name the same day and time as anywhere else: the installation’s', () => {
    // The zone took effect: Auckland is 13 hours ahead of UTC in November (daylight saving time).
    expect(new Date('2026-11-28T00:00:00Z').getTimezoneOffset()).toBe(-13 * 60);
    expect(notificationText(NOTIFICATION_SAMPLES.taskDueSince!, 'DES')).toBe(
      'Seil «Zugseil» der Anlage Gondelbahn Zermatt: Aufgabe «Spleisskontrolle» ist fällig seit 28.11.2026 (Europe/Zurich)',
    );
    expect(sampleNotificationMail(NOTIFICATION_SAMPLES.ropeHealth!, 'DES').text).toContain(
      'Ausgelöst am: 28.11.2026, 23:51 (Europe/Zurich)',
    );
  });
});
