import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SAMPLES, sampleNotificationMail } from '../../test/support/mail.ts';
import { createOutboxMailer } from '../infra/mailer.ts';

describe('a notification mail in the embedded outbox', () => {
  it('is written with its text and HTML parts and the List-Unsubscribe header', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      const mail = sampleNotificationMail(NOTIFICATION_SAMPLES.taskDueSince!, 'DES');
      await createOutboxMailer(directory, 'cockpit@example.com').send({ to: 'anna@example.com', ...mail });
      const [file] = await readdir(directory);
      const eml = (await readFile(join(directory, file!), 'utf8')).replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
      expect(eml).toContain(
        'List-Unsubscribe: <https://cockpit.example.com/notification/unsubscribe/anna%40example.com?token=ab12>',
      );
      expect(eml).toMatch(/Content-Type: multipart\/alternative/);
      expect(eml).toContain('Content-Type: text/plain; charset=utf-8');
      expect(eml).toContain('Content-Type: text/html; charset=utf-8');
      expect(eml).toContain('f=C3=A4llig seit 28.11.2026 (Europe/Zurich)');
      expect(eml).toContain('<html lang=3D"de-DE">');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
