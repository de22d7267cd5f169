import { mandators } from '@rope/db/schema/index';
import type { MandatorListQuery } from '@rope/domain/list-sort';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { inUse, toMandatorAnswer } from './internal.ts';

const byName = sql`lower(${mandators.name})`;
/** No expiry (missing or 0) sorts as 0 days, as the screen shows it. */
const byPasswordExpiry = sql`coalesce((${mandators.settings}->>'passwordExpiryDays')::numeric, 0)`;

function ordering(sort: MandatorListQuery['sort']): SQL[] {
  const direction = sort?.desc ? desc : asc;
  const first = sort?.field === 'passwordExpiry' ? [direction(byPasswordExpiry), asc(byName)] : [direction(byName)];
  return [...first, asc(mandators.id)];
}

/** Every mandator, by name unless the query sorts by another allowed column. */
export async function listMandators({ ctx, actor, input }: ActionArgs<MandatorListQuery>) {
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
    .orderBy(...ordering(input.sort));
  return { mandators: rows.map((row) => toMandatorAnswer(row, row.used)) };
}
