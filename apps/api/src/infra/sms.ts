import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Embedded mode: messages are appended to outbox/sms.log. */
export function createOutboxSms(directory: string): SmsSender {
  return {
    async send(phone, text) {
      await mkdir(directory, { recursive: true });
      await appendFile(
        join(directory, 'sms.log'),
        `${JSON.stringify({ at: new Date().toISOString(), phone, text })}\n`,
      );
    },
  };
}

/** An HTTP gateway that takes `{ to, text }` as JSON with a bearer token. */
export function createHttpSms(url: string, token?: string): SmsSender {
  return {
    async send(phone, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: phone, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
