import { mandators } from '@rope/db/schema/index';
import { asc, sql } from 'drizzle-orm';
import { type ActionArgs, inUse, toMandatorAnswer } from './internal.ts';

export async function listMandators({ ctx }: ActionArgs<void>) {
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
