import { toE164 } from '@rope/domain/users/phone';

export interface SmsSender {
  /** reference: stable across retries of one message, so a provider can drop a repeat it already accepted. */
  send(phone: string, text: string, reference?: string): Promise<void>;
}

/**
 * A provider's refusal. `permanent`: sending it again cannot change the answer (a number that is none, a sender the
 * account may not use), so the delivery fails at once instead of retrying; otherwise (throttled, the provider down)
 * the queue tries again.
 */
export class SmsRefused extends Error {
  readonly permanent: boolean;

  constructor(message: string, { permanent }: { permanent: boolean }) {
    super(message);
    this.name = 'SmsRefused';
    this.permanent = permanent;
  }
}

/** The number in E.164 as every provider takes it; numbers saved before the cockpit normalised them included. */
export function e164OrRefuse(phone: string): string {
  const number = toE164(phone);
  if (!number) throw new SmsRefused(`"${phone}" is not a phone number with its country code`, { permanent: true });
  return number;
}

/** A provider's HTTP status: 408 and 429 and server errors pass, any other 4xx is the request's own fault. */
export function refusedForStatus(provider: string, status: number, detail = ''): SmsRefused {
  const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
  return new SmsRefused(`${provider} answered ${status}${detail ? `: ${detail}` : ''}`, { permanent });
}

/** How long a provider may take to answer before the attempt counts as failed (and is retried). */
export const SMS_REQUEST_TIMEOUT_MS = 10_000;
