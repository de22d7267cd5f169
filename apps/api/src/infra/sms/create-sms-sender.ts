import type { Env } from '../../env.ts';
import { createHttpSms, createOutboxSms } from './gateway.ts';
import type { SmsSender } from './sender.ts';
import { createTwilioSms } from './twilio.ts';
import { createVonageSms } from './vonage.ts';

type SmsEnv = Partial<
  Pick<
    Env,
    'SMS_PROVIDER' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN' | 'SMS_ACCOUNT' | 'SMS_SECRET' | 'SMS_FROM' | 'SMS_API_URL'
  >
>;

/** The SMS sender the settings name (env.ts checked that each has what it needs); the outbox when none is set. */
export function createSmsSender(env: SmsEnv, outboxDir: string): SmsSender {
  const provider = env.SMS_PROVIDER ?? (env.SMS_GATEWAY_URL ? 'gateway' : undefined);
  const account = { from: env.SMS_FROM!, apiUrl: env.SMS_API_URL };
  switch (provider) {
    case 'gateway':
      return createHttpSms(env.SMS_GATEWAY_URL!, env.SMS_GATEWAY_TOKEN);
    case 'twilio':
      return createTwilioSms({ ...account, accountSid: env.SMS_ACCOUNT!, authToken: env.SMS_SECRET! });
    case 'vonage':
      return createVonageSms({ ...account, apiKey: env.SMS_ACCOUNT!, apiSecret: env.SMS_SECRET! });
    default:
      return createOutboxSms(outboxDir);
  }
}
