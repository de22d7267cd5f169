import { ropes } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { preparedPerDatabase } from '../../infra/prepared.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { visibilityParams, visibleAreaPlaceholder } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { truscanStateOf } from './state.ts';

/** The panel's state for whoever sees the rope: the rope found, checked and its TRUscan attributes read at once. */
export async function getTruscanState({ ctx, actor, input }: ActionArgs<{ ropeId: number }>) {
  assertCan(actor, 'DOMAIN_READ');
  const [rope] = await visibleTruscanQuery(ctx.db).execute({ id: input.ropeId, ...visibilityParams(actor) });
  if (!rope) throw notFound(message('app.errors.noSuchRope'));
  return truscanStateOf(ctx.db, rope.id, rope.truscanAttributes);
}

const visibleTruscanQuery = preparedPerDatabase((db) =>
  joinPlacement(db.select({ id: ropes.id, truscanAttributes: ropes.truscanAttributes }).from(ropes).$dynamic())
    .where(and(eq(ropes.id, sql.placeholder('id')), visibleAreaPlaceholder))
    .prepare('visible_rope_truscan'),
);
