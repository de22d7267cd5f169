import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header as sent, angle brackets included; undefined when the mail had none. */
  messageId: string | undefined;
  /** The decoded text body. */
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL or createTestApp's smtpUrl. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (received or still to come) to this address that matches. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const messageId = /^message-id:\s*(.*)$/im.exec(headers)?.[1]?.trim();
  return { from, to, subject, messageId, text: decodeBody(headers, body).replace(/\r\n/g, '\n'), raw };
}

/** A real SMTP server on loopback that keeps every mail it receives, for tests of mail flows. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((address) => address.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  // A client that dies mid-session (the worker killed in a test) resets its connection; that is no server fault.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function waitFor(to: string, match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
    const find = () =>
      mails.find((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()) && match(mail));
    return new Promise<ReceivedMail>((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const listener = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      listeners.add(listener);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
