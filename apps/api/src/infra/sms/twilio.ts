import { e164OrRefuse, refusedForStatus, SMS_REQUEST_TIMEOUT_MS, type SmsSender } from './sender.ts';

export const TWILIO_API_URL = 'https://api.twilio.com';

export interface TwilioSettings {
  /** The account SID (AC…), also the user of HTTP basic authentication. */
  accountSid: string;
  authToken: string;
  /** A Twilio number or alphanumeric sender, or a messaging service SID (MG…), which then picks the number. */
  from: string;
  /** The API's address; another only for a test double or a regional edge. */
  apiUrl?: string;
}

/**
 * Twilio's Programmable Messaging: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`
 * (or `MessagingServiceSid`) and `Body`, with the account SID and auth token as basic authentication; 201 when the
 * message is queued, an error object `{ code, message, status }` otherwise. Twilio takes no idempotency key here, so
 * a message repeated after a crash goes out twice (the cockpit's rule: twice beats never).
 */
export function createTwilioSms(settings: TwilioSettings): SmsSender {
  const base = (settings.apiUrl ?? TWILIO_API_URL).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = settings.from.startsWith('MG')
    ? { MessagingServiceSid: settings.from }
    : { From: settings.from };
  return {
    async send(phone, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: e164OrRefuse(phone), ...sender, Body: text }),
        signal: AbortSignal.timeout(SMS_REQUEST_TIMEOUT_MS),
      });
      if (response.ok) return;
      const error = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      const detail = [error.code, error.message].filter(Boolean).join(' ');
      throw refusedForStatus('Twilio', response.status, detail);
    },
  };
}
