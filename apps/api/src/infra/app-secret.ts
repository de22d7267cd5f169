import { randomBytes } from 'node:crypto';
import type { Db } from '@rope/db/client';
import { appMeta } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import type { Env } from '../env.ts';

const SECRET_KEY = 'secret';
const cache = new WeakMap<Db, Promise<string>>();

async function loadOrCreate(db: Db): Promise<string> {
  // Every process must agree on one key, so the first writer wins and the others read what it wrote.
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: { value: randomBytes(32).toString('hex') } })
    .onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  const value = row?.value.value;
  if (typeof value !== 'string' || value.length < 32) throw new Error("app_meta 'secret' holds no usable key");
  return value;
}

/** The HMAC key of the installation: APP_SECRET when set, else one generated once and kept in app_meta. */
export function appSecret(ctx: { env: Pick<Env, 'APP_SECRET'>; db: Db }): Promise<string> {
  if (ctx.env.APP_SECRET) return Promise.resolve(ctx.env.APP_SECRET);
  let secret = cache.get(ctx.db);
  if (!secret) {
    secret = loadOrCreate(ctx.db);
    secret.catch(() => cache.delete(ctx.db));
    cache.set(ctx.db, secret);
  }
  return secret;
}
