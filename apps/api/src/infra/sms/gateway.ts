import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeMakingFolder } from '../write-making-folder.ts';
import { e164OrRefuse, refusedForStatus, SMS_REQUEST_TIMEOUT_MS, type SmsSender } from './sender.ts';

/** Embedded mode: messages are appended to outbox/sms.log, with the number as a provider would get it. */
export function createOutboxSms(directory: string): SmsSender {
  return {
    async send(phone, text, reference) {
      const to = e164OrRefuse(phone);
      const line = `${JSON.stringify({ at: new Date().toISOString(), phone: to, text, reference })}\n`;
      await writeMakingFolder(directory, () => appendFile(join(directory, 'sms.log'), line));
    },
  };
}

/**
 * A gateway of the site's own that takes `{ to, text, reference }` as JSON with a bearer token; the reference also
 * travels as the `Idempotency-Key` header, so a gateway that honours it sends a message repeated after a crash only
 * once.
 */
export function createHttpSms(url: string, token?: string): SmsSender {
  return {
    async send(phone, text, reference) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(reference ? { 'idempotency-key': reference } : {}),
        },
        body: JSON.stringify({ to: e164OrRefuse(phone), text, reference }),
        signal: AbortSignal.timeout(SMS_REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw refusedForStatus('SMS gateway', response.status);
    },
  };
}
