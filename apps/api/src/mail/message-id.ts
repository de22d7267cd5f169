import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { publicUrl } from '../env.ts';
import { appSecret } from '../infra/app-secret.ts';

/**
 * An RFC 5322 Message-ID that is the same for the same `seed` on every attempt and after every restart:
 * `<local.tag@public host>`. The tag is an HMAC (installation secret) of the seed, so two installations on one host,
 * or a database rebuilt from scratch, never reuse an identity: mail servers such as Gmail drop a message whose
 * Message-ID they already hold, which must only ever hit a true repeat.
 */
export async function stableMessageId(
  ctx: Pick<AppContext, 'env' | 'db'>,
  local: string,
  seed: string,
): Promise<string> {
  const host = new URL(publicUrl(ctx.env)).hostname || 'localhost';
  const tag = createHmac('sha256', await appSecret(ctx))
    .update(`message-id:${seed}`)
    .digest('hex')
    .slice(0, 16);
  return `<${local}.${tag}@${host}>`;
}
