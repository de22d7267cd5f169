import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmsSender {
  /** reference: stable across retries of one message, so the gateway can drop a repeat it already accepted. */
  send(phone: string, text: string, reference?: string): Promise<void>;
}

/** Embedded mode: messages are appended to outbox/sms.log. */
export function createOutboxSms(directory: string): SmsSender {
  return {
    async send(phone, text, reference) {
      await mkdir(directory, { recursive: true });
      await appendFile(
        join(directory, 'sms.log'),
        `${JSON.stringify({ at: new Date().toISOString(), phone, text, reference })}\n`,
      );
    },
  };
}

/**
 * An HTTP gateway that takes `{ to, text, reference }` as JSON with a bearer token; the reference also travels as
 * the `Idempotency-Key` header, so a gateway that honours it sends a message repeated after a crash only once.
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
        body: JSON.stringify({ to: phone, text, reference }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
