import { appMeta, users } from '@rope/db/schema/index';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { demoKeySecret } from './demo/key-secret.ts';
import { type DemoLoadResult, loadDemoData, replaceLegacyKeys } from './demo/load.ts';
import { DEMO_SEED } from './demo/random.ts';
import { hashPassword } from './infra/crypto.ts';
import { recomputeUnassessedDamages } from './modules/damage/index.ts';

export interface BootstrapResult {
  demo?: DemoLoadResult;
  adminCreated?: string;
}

/**
 * Embedded default: demo data on the first start of an empty database (DEMO_DATA=auto, what `npm start` passes;
 * DEMO_DATA=false turns it off, DEMO_DATA=true loads it into any database). Under NODE_ENV=production no demo
 * accounts or keys are made unless DEMO_DATA asks for them. Server mode: the first admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD.
 */
export async function bootstrapData(ctx: AppContext): Promise<BootstrapResult> {
  const result: BootstrapResult = {};
  const mode = ctx.env.DEMO_DATA ?? (ctx.env.NODE_ENV === 'production' ? false : 'auto');
  const wantsDemo = mode === 'auto' ? ctx.embedded && ((await isEmpty(ctx)) || (await hasDemo(ctx))) : mode;
  if (wantsDemo)
    result.demo = await loadDemoData({
      db: ctx.db,
      storage: ctx.storage,
      keySecret: demoKeySecret(ctx.env.DATA_DIR),
      log: { info: (message: string) => ctx.log.info(message) },
    });
  // Demo data of an earlier version carries keys known to everyone: they stop working even when no demo is wanted.
  else if (await hasDemo(ctx)) await replaceLegacyKeys(ctx.db, DEMO_SEED, demoKeySecret(ctx.env.DATA_DIR));
  const assessed = await recomputeUnassessedDamages(ctx.db);
  if (assessed > 0) ctx.log.info(`assessed the damage of ${assessed} ropes stored without a status`);
  if (ctx.env.ADMIN_EMAIL && ctx.env.ADMIN_PASSWORD) {
    const created = await ensureAdmin(ctx, ctx.env.ADMIN_EMAIL, ctx.env.ADMIN_PASSWORD);
    if (created) result.adminCreated = ctx.env.ADMIN_EMAIL;
  }
  return result;
}

async function isEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

async function hasDemo(ctx: AppContext): Promise<boolean> {
  const rows = await ctx.db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, 'demo'));
  return rows.length > 0;
}

async function ensureAdmin(ctx: AppContext, email: string, password: string): Promise<boolean> {
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing.length > 0) return false;
  await ctx.db.insert(users).values({
    email,
    firstname: 'Admin',
    lastname: '',
    roles: ['ROLE_ADMIN'],
    isActive: true,
    passwordHash: await hashPassword(password),
    passwordChangedAt: new Date(),
  });
  return true;
}
