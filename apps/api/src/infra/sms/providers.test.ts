import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsSender } from './create-sms-sender.ts';
import { createHttpSms } from './gateway.ts';
import { SmsRefused } from './sender.ts';
import { createTwilioSms } from './twilio.ts';
import { createVonageSms } from './vonage.ts';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local stand-in for a provider: records each request and answers what the test queued (else 200, `{}`). */
function fakeProvider() {
  const received: Received[] = [];
  const answers: { status: number; body: unknown }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      const answer = answers.shift() ?? { status: 200, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  return {
    received,
    answer: (status: number, body: unknown) => answers.push({ status, body }),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise((resolve) => server.close(resolve)),
    reset: () => {
      received.length = 0;
      answers.length = 0;
    },
  };
}

const provider = fakeProvider();
beforeAll(provider.start);
afterAll(provider.stop);
beforeEach(provider.reset);

const WRITTEN = '+41 (0)79 123 45 67';
const TEXT = 'Seil Tragseil 1: Schaden über dem Grenzwert';

async function refusal(sending: Promise<void>): Promise<SmsRefused> {
  const error = await sending.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmsRefused);
  return error as SmsRefused;
}

describe('Twilio, as its Messages API documents the call', () => {
  const twilio = (from = '+41445550100') =>
    createTwilioSms({ accountSid: 'AC0123456789abcdef', authToken: 'secret-token', from, apiUrl: provider.url() });

  it('posts To in E.164, From and Body form-encoded to the account, with SID and token as basic authentication', async () => {
    provider.answer(201, { sid: 'SM1', status: 'queued' });
    await twilio().send(WRITTEN, TEXT, 'sms:delivery-1');
    expect(provider.received).toHaveLength(1);
    const [request] = provider.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const [scheme, credentials] = String(request!.headers.authorization).split(' ');
    expect(scheme).toBe('Basic');
    expect(Buffer.from(credentials!, 'base64').toString()).toBe('AC0123456789abcdef:secret-token');
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      To: '+41791234567',
      From: '+41445550100',
      Body: TEXT,
    });
  });

  it('sends through a messaging service when the sender is its SID', async () => {
    provider.answer(201, { sid: 'SM2' });
    await twilio('MG0123456789abcdef').send(WRITTEN, TEXT);
    const fields = Object.fromEntries(new URLSearchParams(provider.received[0]!.body));
    expect(fields).toMatchObject({ MessagingServiceSid: 'MG0123456789abcdef' });
    expect(fields.From).toBeUndefined();
  });

  it("names Twilio's error, permanent for a refused request, to be retried when throttled or down", async () => {
    provider.answer(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    const refused = await refusal(twilio().send(WRITTEN, TEXT));
    expect(refused.message).toBe("Twilio answered 400: 21211 The 'To' number is not a valid phone number.");
    expect(refused.permanent).toBe(true);
    for (const status of [429, 500, 503]) {
      provider.answer(status, { code: 20429, message: 'Too Many Requests' });
      expect((await refusal(twilio().send(WRITTEN, TEXT))).permanent, String(status)).toBe(false);
    }
  });
});

describe('Vonage, as its SMS API documents the call', () => {
  const vonage = {
    send: (phone: string, text: string, reference?: string) =>
      createVonageSms({ apiKey: 'key123', apiSecret: 'secret456', from: 'RopeCockpit', apiUrl: provider.url() }).send(
        phone,
        text,
        reference,
      ),
  };
  const accepted = { 'message-count': '1', messages: [{ to: '41791234567', 'message-id': 'm1', status: '0' }] };

  it('posts the key, secret, sender, the number without its plus, the text and the reference, form-encoded', async () => {
    provider.answer(200, accepted);
    await vonage.send(WRITTEN, 'Rope 1: damage above the limit', 'sms:delivery-2');
    const [request] = provider.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/sms/json');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      api_key: 'key123',
      api_secret: 'secret456',
      from: 'RopeCockpit',
      to: '41791234567',
      text: 'Rope 1: damage above the limit',
      type: 'text',
      'client-ref': 'sms:delivery-2',
    });
  });

  it('sends German umlauts as plain GSM text, and French and Spanish letters beyond it as unicode', async () => {
    for (const [text, type] of [
      [TEXT, 'text'],
      ['Câble porteur : dommage au-delà de la limite', 'unicode'],
      ['Cable: daño por encima del límite', 'unicode'],
    ]) {
      provider.answer(200, accepted);
      await vonage.send(WRITTEN, text!);
      expect(new URLSearchParams(provider.received.at(-1)!.body).get('type'), text).toBe(type);
    }
  });

  it('reads the status of every part: a refused part is an error, throttling is retried', async () => {
    provider.answer(200, {
      'message-count': '2',
      messages: [
        { status: '0', 'message-id': 'm1' },
        { status: '15', 'error-text': 'Invalid sender address' },
      ],
    });
    const refused = await refusal(vonage.send(WRITTEN, TEXT));
    expect(refused.message).toBe('Vonage refused the message: status 15 Invalid sender address');
    expect(refused.permanent).toBe(true);
    provider.answer(200, { 'message-count': '1', messages: [{ status: '1', 'error-text': 'Throttled' }] });
    expect((await refusal(vonage.send(WRITTEN, TEXT))).permanent).toBe(false);
  });
});

describe('every sender', () => {
  const senders = {
    gateway: createHttpSms('http://127.0.0.1:1/sms'),
    twilio: createTwilioSms({ accountSid: 'AC1', authToken: 't', from: '+41445550100', apiUrl: 'http://127.0.0.1:1' }),
    vonage: createVonageSms({ apiKey: 'k', apiSecret: 's', from: 'Rope', apiUrl: 'http://127.0.0.1:1' }),
  };

  it('refuses for good, without calling anyone, a number that is none', async () => {
    for (const [name, sender] of Object.entries(senders)) {
      for (const phone of ['079 123 45 67', '+41 79', 'unknown']) {
        const refused = await refusal(sender.send(phone, TEXT));
        expect(refused.permanent, `${name} ${phone}`).toBe(true);
        expect(refused.message).toBe(`"${phone}" is not a phone number with its country code`);
      }
    }
  });

  it('sends to the generic gateway in E.164 too', async () => {
    await createHttpSms(`${provider.url()}/sms`, 'token').send(WRITTEN, TEXT, 'sms:delivery-3');
    expect(JSON.parse(provider.received[0]!.body)).toEqual({
      to: '+41791234567',
      text: TEXT,
      reference: 'sms:delivery-3',
    });
    expect(provider.received[0]!.headers['idempotency-key']).toBe('sms:delivery-3');
  });
});

describe('the settings', () => {
  it('pick the provider: Twilio or Vonage by SMS_PROVIDER, the gateway by its address, else the outbox', async () => {
    const account = { SMS_ACCOUNT: 'AC9', SMS_SECRET: 's', SMS_FROM: '+41445550100', SMS_API_URL: provider.url() };
    provider.answer(201, {});
    await createSmsSender({ SMS_PROVIDER: 'twilio', ...account }, '/nonexistent').send(WRITTEN, TEXT);
    provider.answer(200, { messages: [{ status: '0' }] });
    await createSmsSender({ SMS_PROVIDER: 'vonage', ...account }, '/nonexistent').send(WRITTEN, TEXT);
    await createSmsSender({ SMS_GATEWAY_URL: `${provider.url()}/own` }, '/nonexistent').send(WRITTEN, TEXT);
    expect(provider.received.map((request) => request.path)).toEqual([
      '/2010-04-01/Accounts/AC9/Messages.json',
      '/sms/json',
      '/own',
    ]);
    const outbox = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
    try {
      await createSmsSender({}, outbox).send(WRITTEN, TEXT, 'sms:delivery-4');
      const line = JSON.parse(await readFile(join(outbox, 'sms.log'), 'utf8'));
      expect(line).toMatchObject({ phone: '+41791234567', text: TEXT, reference: 'sms:delivery-4' });
    } finally {
      await rm(outbox, { recursive: true, force: true });
    }
  });
});
