import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { header, startTestSmtpServer, type TestSmtpServer } from '../../test/support/smtp-server.ts';
import { createSmtpMailer, type Mailer, pooledSmtpUrl } from './mailer.ts';

const FROM = 'Rope Cockpit <no-reply@cockpit.example.com>';
const mail = (i: number) => ({ to: `inspector${i}@example.com`, subject: `Damage ${i}`, text: `Damage ${i} recorded` });

describe('the SMTP mailer', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer | undefined;
  beforeEach(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await mailer?.close();
    mailer = undefined;
    await smtp.close();
  });

  it('sends mail after mail over one kept connection', async () => {
    mailer = createSmtpMailer(smtp.url, FROM);
    for (let i = 1; i <= 6; i += 1) await mailer.send(mail(i));
    expect(smtp.mails.map((received) => received.to[0])).toEqual([1, 2, 3, 4, 5, 6].map((i) => mail(i).to));
    expect(smtp.mails[5]!.subject).toBe('Damage 6');
    expect(smtp.connections()).toBe(1);
  });

  it('sends again after the relay ended the connection it kept idle', async () => {
    await smtp.close();
    smtp = await startTestSmtpServer({ idleMs: 300 });
    mailer = createSmtpMailer(smtp.url, FROM);
    await mailer.send(mail(1));
    await new Promise((resolve) => setTimeout(resolve, 900));
    await mailer.send(mail(2));
    expect(smtp.mails.map((received) => received.subject)).toEqual(['Damage 1', 'Damage 2']);
    expect(smtp.connections()).toBe(2);
  });

  it('sends a mail in as few writes as SMTP allows, its message whole and unchanged', async () => {
    mailer = createSmtpMailer(smtp.url, FROM);
    await mailer.send(mail(1));
    const port = Number(new URL(smtp.url).port);
    const writes: string[] = [];
    const write = Socket.prototype.write;
    const spy = vi.spyOn(Socket.prototype, 'write').mockImplementation(function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes.push(String(args[0]).slice(0, 12));
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    });
    try {
      await mailer.send({
        ...mail(2),
        html: '<p>Damage 2 recorded</p>\n.\n<p>Zürich</p>',
        messageId: '<delivery-2.test@cockpit.example.com>',
        headers: { 'List-Unsubscribe': '<https://cockpit.example.com/unsubscribe?t=x>' },
      });
    } finally {
      spy.mockRestore();
    }
    // MAIL FROM, RCPT TO, DATA, the message, its closing dot: a part a write before (headers, boundaries, bodies).
    expect(writes).toHaveLength(5);
    const received = smtp.mails[1]!;
    expect(received.to).toEqual(['inspector2@example.com']);
    expect(received.subject).toBe('Damage 2');
    expect(received.messageId).toBe('<delivery-2.test@cockpit.example.com>');
    expect(received.text.trim()).toBe('Damage 2 recorded');
    expect(received.html).toContain('<p>Zürich</p>');
    // A line of a lone dot inside the body is escaped on the wire and arrives as it was.
    expect(received.html).toContain('\n.\n');
    expect(header(received, 'List-Unsubscribe')).toBe('<https://cockpit.example.com/unsubscribe?t=x>');
    expect(received.raw).toMatch(/\r\nDate: /);
    expect(received.raw).not.toMatch(/[^\r]\n/);
  });

  it('opens a connection per mail when SMTP_URL turns the pool off', async () => {
    mailer = createSmtpMailer(`${smtp.url}/?pool=false`, FROM);
    for (let i = 1; i <= 3; i += 1) await mailer.send(mail(i));
    expect(smtp.mails).toHaveLength(3);
    expect(smtp.connections()).toBe(3);
  });

  it('leaves the rest of SMTP_URL as it was', () => {
    expect(pooledSmtpUrl('smtps://user:secret@mail.example.com:465')).toBe(
      'smtps://user:secret@mail.example.com:465?pool=true',
    );
    expect(pooledSmtpUrl('smtp://mail.example.com:587/?pool=false')).toBe('smtp://mail.example.com:587/?pool=false');
  });
});
