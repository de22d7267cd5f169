import { appMeta, users } from '@rope/db/schema/index';
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { type DemoLoadResult, loadDemoData } from './demo/load.ts';
import { hashPassword } from './infra/crypto.ts';
import { recomputeUnassessedDamages } from './modules/events/recompute.ts';

export interface BootstrapResult {
  demo?: DemoLoadResult;
  adminCreated?: string;
}

/**
 * Embedded default: demo data on the first start of an empty database (DEMO_DATA=false turns it off,
 * DEMO_DATA=true loads it into any database). Server mode: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD.
 */
export async function bootstrapData(ctx: AppContext): Promise<BootstrapResult> {
  const result: BootstrapResult = {};
  const wantsDemo = ctx.env.DEMO_DATA ?? (ctx.embedded && ((await isEmpty(ctx)) || (await hasDemo(ctx))));
  if (wantsDemo)
    result.demo = await loadDemoData({
      db: ctx.db,
      storage: ctx.storage,
      log: { info: (message: string) => ctx.log.info(message) },
    });
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
