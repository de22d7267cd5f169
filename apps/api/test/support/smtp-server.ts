import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header as sent, angle brackets included; undefined when the mail had none. */
  messageId: string | undefined;
  /** The decoded text body (the text/plain part of a multipart mail). */
  text: string;
  /** The decoded text/html part, when the mail has one. */
  html: string | undefined;
  /** The header fields, folded lines unfolded; look one up with header(). */
  headers: string;
  raw: string;
}

/** A header field's value ("List-Unsubscribe"), unfolded; undefined when the mail has none. */
export function header(mail: Pick<ReceivedMail, 'headers'>, name: string): string | undefined {
  const escaped = name.replace(/[-]/g, '\\-');
  return new RegExp(`^${escaped}:\\s*(.*)$`, 'im').exec(mail.headers)?.[1]?.trim();
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL or createTestApp's smtpUrl. */
  url: string;
  mails: ReceivedMail[];
  /** How many connections clients opened. */
  connections(): number;
  /** How many mails came in, kept or not. */
  received(): number;
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

/** RFC 2047 encoded words (a subject with umlauts arrives as `=?UTF-8?Q?...?=`), decoded. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) => {
      if (encoding.toLowerCase() === 'b') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

function splitEntity(raw: string): { headers: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  return { headers: raw.slice(0, split).replace(/\r\n[ \t]+/g, ' '), body: raw.slice(split + 4) };
}

/** The decoded parts of a multipart body by content type; a single-part body under its own type. */
function partsOf(headers: string, body: string): Map<string, string> {
  const type = /^content-type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!type.startsWith('multipart/') || !boundary) {
    return new Map([[type, decodeBody(headers, body).replace(/\r\n/g, '\n')]]);
  }
  const parts = new Map<string, string>();
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitEntity(chunk.replace(/^\r\n/, '').replace(/\r\n$/, ''));
    for (const [key, value] of partsOf(part.headers, part.body)) if (!parts.has(key)) parts.set(key, value);
  }
  return parts;
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  const messageId = /^message-id:\s*(.*)$/im.exec(headers)?.[1]?.trim();
  const parts = partsOf(headers, body);
  return {
    from,
    to,
    subject,
    messageId,
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html'),
    headers,
    raw,
  };
}

/**
 * A real SMTP server on loopback that keeps every mail it receives, for tests of mail flows; with `keep: false` it only
 * counts them (a relay for a benchmark's thousands of mails, bench/src/load/load.ts).
 */
export async function startTestSmtpServer({
  keep = true,
  idleMs,
}: {
  keep?: boolean;
  /** Ends a connection idle this long, as mail relays do with connections a pool keeps. */
  idleMs?: number;
} = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  let connections = 0;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A client keeps its connections open for further mail (a pool): closing ends them after this long.
    closeTimeout: 200,
    ...(idleMs === undefined ? {} : { socketTimeout: idleMs }),
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        if (!keep) return callback();
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
    connections: () => connections,
    received: () => received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
