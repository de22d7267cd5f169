import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { publicUrl } from '../env.ts';
import { appSecret } from '../infra/app-secret.ts';

/** HMAC-SHA256 of the lowercased address: proves the link came from one of our mails without storing anything. */
export function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex');
}

/** The unsubscribe link for a notification mail to this address (the web's /notification/unsubscribe view). */
export async function unsubscribeLink(ctx: Pick<AppContext, 'env' | 'db'>, email: string): Promise<string> {
  const token = unsubscribeToken(await appSecret(ctx), email);
  return `${publicUrl(ctx.env)}/notification/unsubscribe/${encodeURIComponent(email)}?token=${token}`;
}
