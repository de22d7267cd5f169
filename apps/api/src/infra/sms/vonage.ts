import { e164OrRefuse, SMS_REQUEST_TIMEOUT_MS, SmsRefused, type SmsSender } from './sender.ts';

export const VONAGE_API_URL = 'https://rest.nexmo.com';

export interface VonageSettings {
  apiKey: string;
  apiSecret: string;
  /** A Vonage number or an alphanumeric sender id. */
  from: string;
  /** The API's address; another only for a test double. */
  apiUrl?: string;
}

/** Vonage's statuses that a later attempt can change: throttled, internal error, too many binds. */
const TEMPORARY_STATUSES = new Set(['1', '5', '10']);

/** GSM 03.38's basic and extension characters: a text of only these goes as plain text, anything else as unicode. */
const GSM_7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€',
);

interface VonageAnswer {
  messages?: { status?: string; 'error-text'?: string }[];
}

/**
 * Vonage's SMS API: `POST /sms/json` with `api_key`, `api_secret`, `from`, `to` (E.164 without the plus), `text`,
 * `type` (`unicode` for text beyond GSM-7) and `client-ref` (the delivery's reference, shown in Vonage's reports).
 * It answers 200 with a status per message part; "0" is accepted, anything else a refusal named by `error-text`.
 */
export function createVonageSms(settings: VonageSettings): SmsSender {
  const url = `${(settings.apiUrl ?? VONAGE_API_URL).replace(/\/$/, '')}/sms/json`;
  return {
    async send(phone, text, reference) {
      const body = new URLSearchParams({
        api_key: settings.apiKey,
        api_secret: settings.apiSecret,
        from: settings.from,
        to: e164OrRefuse(phone).slice(1),
        text,
        type: [...text].every((character) => GSM_7.has(character)) ? 'text' : 'unicode',
        ...(reference ? { 'client-ref': reference.slice(0, 100) } : {}),
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(SMS_REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) {
        const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
        throw new SmsRefused(`Vonage answered ${response.status}`, { permanent });
      }
      const answer = (await response.json().catch(() => ({}))) as VonageAnswer;
      const parts = answer.messages ?? [];
      if (parts.length === 0) throw new SmsRefused('Vonage answered without a message status', { permanent: false });
      const refused = parts.find((part) => part.status !== '0');
      if (!refused) return;
      throw new SmsRefused(
        `Vonage refused the message: status ${refused.status} ${refused['error-text'] ?? ''}`.trim(),
        {
          permanent: !TEMPORARY_STATUSES.has(String(refused.status)),
        },
      );
    },
  };
}
