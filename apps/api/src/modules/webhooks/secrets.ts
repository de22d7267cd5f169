import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { appSecret } from '../../infra/app-secret.ts';

const SECRET_PREFIX = 'whsec_';
const SEALED_PREFIX = 'v1.';

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under each secret, space
 * separated, so during a rotation receivers holding either secret can verify.
 */
export function signWebhook(secrets: string[], messageId: string, timestampSeconds: number, body: string): string {
  const signed = `${messageId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}

const keys = new WeakMap<object, Promise<Buffer>>();

/** The key secrets are sealed with, derived from the installation's secret (APP_SECRET or the one kept in app_meta). */
function sealingKey(ctx: Pick<AppContext, 'env' | 'db'>): Promise<Buffer> {
  let key = keys.get(ctx.db);
  if (!key) {
    key = appSecret(ctx).then((secret) =>
      Buffer.from(hkdfSync('sha256', secret, 'rope-cockpit', 'webhook-endpoint-secrets', 32)),
    );
    keys.set(ctx.db, key);
  }
  return key;
}

/** AES-256-GCM: a database dump without the installation's secret holds no usable signing secret. */
export async function sealSecret(ctx: Pick<AppContext, 'env' | 'db'>, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealingKey(ctx), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.')}`;
}

export async function openSecret(ctx: Pick<AppContext, 'env' | 'db'>, sealed: string): Promise<string> {
  const [iv, tag, data] = sealed.slice(SEALED_PREFIX.length).split('.');
  if (!sealed.startsWith(SEALED_PREFIX) || !iv || !tag || !data) throw new Error('a webhook secret is not sealed');
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(ctx), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
