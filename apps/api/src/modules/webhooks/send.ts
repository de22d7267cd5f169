import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { attemptError } from '@rope/domain/webhooks/attempt-errors';
import { WEBHOOK_RESPONSE_KEPT_CHARS } from '@rope/domain/webhooks/rules';
import { refusedAddress, vettedLookup, type WebhookAddressPolicy } from './address-policy.ts';

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: WebhookAddressPolicy;
  timeoutMs: number;
}

export interface WebhookAnswer {
  ok: boolean;
  statusCode: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * One POST of a delivery. Never throws: every outcome is an answer to record. Only a 2xx counts; a redirect is
 * refused, never followed (it could point anywhere), and so is an address the policy refuses.
 */
export function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const started = performance.now();
  const answer = (parts: Omit<WebhookAnswer, 'durationMs'>): WebhookAnswer => ({
    ...parts,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(post.url);
  const host = unbracketed(url.hostname);
  const literalRefusal = isIP(host) ? refusedAddress(host, post.policy) : null;
  if (literalRefusal) {
    return Promise.resolve(
      answer({ ok: false, statusCode: null, responseBody: null, error: attemptError.refused(literalRefusal) }),
    );
  }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      lookup: vettedLookup(post.policy),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      settle(answer({ ok: false, statusCode: null, responseBody: null, error: attemptError.timedOut(post.timeoutMs) }));
    }, post.timeoutMs);
    request.on('error', (error) => {
      settle(answer({ ok: false, statusCode: null, responseBody: null, error: error.message }));
    });
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (text.length < WEBHOOK_RESPONSE_KEPT_CHARS) text += chunk;
        else response.destroy();
      });
      const finish = () => {
        const responseBody = text.slice(0, WEBHOOK_RESPONSE_KEPT_CHARS);
        const ok = statusCode >= 200 && statusCode < 300;
        const error = ok
          ? null
          : statusCode >= 300 && statusCode < 400
            ? attemptError.redirect(statusCode)
            : attemptError.answered(statusCode);
        settle(answer({ ok, statusCode, responseBody, error }));
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
    });
    request.end(post.body);
  });
}
