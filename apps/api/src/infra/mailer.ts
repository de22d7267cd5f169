import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { writeMakingFolder } from './write-making-folder.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The link the text carries, for tests to follow: never sent apart from the text and never logged (it is a
   * secret, as is a code in the subject); in embedded mode a developer finds it in the outbox's .eml file.
   */
  link?: string;
  /**
   * RFC 5322 Message-ID, `<local@domain>`: set it to send a repeat as the same message (servers and clients fold
   * mails of one Message-ID); left out, each send gets a fresh random one.
   */
  messageId?: string;
  /** Further header fields, e.g. List-Unsubscribe on notification mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

interface Logger {
  info(object: object, message: string): void;
}

/** Embedded mode: each mail becomes an .eml file in the outbox directory. */
export function createOutboxMailer(directory: string, from: string, log?: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const { link: _link, ...message } = mail;
      const info = await transport.sendMail({ from, ...message });
      const file = join(
        directory,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      await writeMakingFolder(directory, () => writeFile(file, info.message as Buffer));
      // Only where the mail went: its link, code or subject would let anyone who reads the log use them.
      log?.info({ to: mail.to, file }, 'mail written to outbox');
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * SMTP through a few connections kept open and used for mail after mail (nodemailer's pool: up to 5, each for up to
 * 100 mails), unless SMTP_URL says `pool=false`. Without it every mail opened its own connection, with its TLS
 * handshake and greeting: a busy morning's notifications are dozens of mails a second.
 */
export function pooledSmtpUrl(url: string): string {
  const address = new URL(url);
  if (!address.searchParams.has('pool')) address.searchParams.set('pool', 'true');
  return address.toString();
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(pooledSmtpUrl(url));
  // The message is made whole before it goes: nodemailer streams a message it composes as it sends, and each of its
  // parts (headers, boundaries, each body) became a write of its own to the socket, a dozen a mail; made first, it
  // goes in one (and over TLS in one record instead of a dozen). CRLF line ends, as SMTP carries them.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const { to, subject, text, html, messageId, headers } = mail;
      const made = await composer.sendMail({
        from,
        to,
        subject,
        text,
        html,
        headers,
        ...(messageId ? { messageId } : {}),
      });
      await transport.sendMail({ envelope: made.envelope, raw: made.message as Buffer });
    },
    async close() {
      transport.close();
      composer.close();
    },
  };
}
