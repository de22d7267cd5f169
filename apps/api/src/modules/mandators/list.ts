import { mandators } from '@rope/db/schema/index';
import { asc, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { inUse, toMandatorAnswer } from './internal.ts';

/** Every mandator, by name. */
export async function listMandators({ ctx, actor }: ActionArgs<void>) {
  assertCan(actor, 'MANDATOR_MANAGE');
  const rows = await ctx.db
    .select({
      id: mandators.id,
      name: mandators.name,
      settings: mandators.settings,
      createdAt: mandators.createdAt,
      used: sql<boolean>`${inUse(sql`${mandators.id}`)}`,
    })
    .from(mandators)
    .orderBy(asc(sql`lower(${mandators.name})`), asc(mandators.id));
  return { mandators: rows.map((row) => toMandatorAnswer(row, row.used)) };
}
