import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { attemptError } from '@rope/domain/webhooks/attempt-errors';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go. `public` (production): HTTPS only, and only to public unicast addresses, checked on the
 * addresses the name resolves to when it is sent, so a webhook cannot reach into the operator's own network.
 * `development`: HTTPS anywhere, plain HTTP to this machine only (a receiver on loopback while building one).
 */
export type WebhookAddressPolicy = 'public' | 'development';

export function addressPolicyFor(env: { NODE_ENV: string }): WebhookAddressPolicy {
  return env.NODE_ENV === 'production' ? 'public' : 'development';
}

const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** Why an address may not be reached under the policy, or null. Only plain public unicast passes `public`. */
export function refusedAddress(address: string, policy: WebhookAddressPolicy): string | null {
  if (policy === 'development') return null;
  if (!ipaddr.isValid(address)) return `${address} is not an address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

function isLoopbackHost(host: string): boolean {
  const bare = unbracketed(host);
  if (isLoopbackName(bare)) return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** Why a URL cannot be an endpoint (a message key), or null: checked when it is registered or changed. */
export function refusedUrl(value: string, policy: WebhookAddressPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'app.errors.webhookUrlInvalid';
  }
  if (url.username || url.password) return 'app.errors.webhookUrlCredentials';
  if (url.protocol === 'http:' && policy === 'development' && isLoopbackHost(url.hostname)) return null;
  if (url.protocol !== 'https:') return 'app.errors.webhookUrlNotHttps';
  if (policy === 'public') {
    const host = unbracketed(url.hostname);
    if (isLoopbackName(host) || (isIP(host) && refusedAddress(host, policy))) return 'app.errors.webhookUrlPrivate';
  }
  return null;
}

export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses it when any of its addresses is refused: the
 * connection then goes to exactly the addresses checked (no second resolution a rebinding name could answer
 * differently).
 */
export function vettedLookup(policy: WebhookAddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.map((entry) => refusedAddress(entry.address, policy)).find(Boolean);
      if (refusal)
        return callback(new RefusedAddressError(attemptError.refused(`${hostname} resolves to ${refusal}`)), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first)
        return callback(new RefusedAddressError(attemptError.refused(`${hostname} resolves to no address`)), []);
      callback(null, first.address, first.family);
    });
  };
}
