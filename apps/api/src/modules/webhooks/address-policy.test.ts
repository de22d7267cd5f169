import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { refusedAddress, refusedUrl } from './address-policy.ts';
import { postWebhook } from './send.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

describe('where a webhook may go in production', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddress(address, 'public')).toBe(`${address} is a ${range} address`);
    expect(refusedAddress(address, 'development')).toBeNull();
  });

  it.each(['93.184.215.14', '2606:4700:4700::1111', '8.8.8.8'])('lets the public address %s through', (address) => {
    expect(refusedAddress(address, 'public')).toBeNull();
  });

  it('registers HTTPS URLs only, and none naming a private or loopback address', () => {
    expect(refusedUrl('https://cmms.example.com/hooks/rope', 'public')).toBeNull();
    expect(refusedUrl('http://cmms.example.com/hooks', 'public')).toBe('app.errors.webhookUrlNotHttps');
    expect(refusedUrl('http://127.0.0.1:8080/hooks', 'public')).toBe('app.errors.webhookUrlNotHttps');
    expect(refusedUrl('http://127.0.0.1:8080/hooks', 'development')).toBeNull();
    expect(refusedUrl('http://localhost:8080/hooks', 'development')).toBeNull();
    expect(refusedUrl('http://10.0.0.5/hooks', 'development')).toBe('app.errors.webhookUrlNotHttps');
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/',
      'https://localhost/',
      'https://10.0.0.5/',
    ]) {
      expect(refusedUrl(url, 'public'), url).toBe('app.errors.webhookUrlPrivate');
    }
    expect(refusedUrl('https://user:secret@example.com/', 'public')).toBe('app.errors.webhookUrlCredentials');
  });

  it('refuses at sending time what a name resolves to, and never connects there', async () => {
    const post = { headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 2000 };
    const byName = await postWebhook({ ...post, url: `https://localhost:${receiver.port}/hooks`, policy: 'public' });
    expect(byName).toMatchObject({ ok: false, statusCode: null });
    expect(byName.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/);
    const byAddress = await postWebhook({ ...post, url: `http://127.0.0.1:${receiver.port}/hooks`, policy: 'public' });
    expect(byAddress.error).toBe('refused: 127.0.0.1 is a loopback address');
    const mapped = await postWebhook({
      ...post,
      url: `https://[::ffff:7f00:1]:${receiver.port}/hooks`,
      policy: 'public',
    });
    expect(mapped.error).toMatch(/^refused: .* is a loopback address$/);
    expect(receiver.received).toHaveLength(0);
    // The same call while developing reaches the receiver.
    const allowed = await postWebhook({ ...post, url: receiver.url(), policy: 'development' });
    expect(allowed).toMatchObject({ ok: true, statusCode: 200 });
    expect(receiver.received).toHaveLength(1);
  });
});
