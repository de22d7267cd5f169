import { ropes, truscanRequests, users } from '@rope/db/schema/index';
import { message } from '@rope/domain/messages';
import type { TruscanAttributes } from '@rope/domain/ropes/schemas';
import type { TruscanStateAnswer } from '@rope/domain/truscan/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import type { ActionArgs } from '../action-args.ts';
import { shownEmail } from '../users/index.ts';
import { toRequestView } from './state.ts';

/**
 * The panel's state for whoever sees the rope: the rope found and checked, its TRUscan attributes and its newest
 * measurement request with the person who asked, in one statement.
 */
export async function getTruscanState({
  ctx,
  actor,
  input,
}: ActionArgs<{ ropeId: number }>): Promise<TruscanStateAnswer> {
  assertCan(actor, 'DOMAIN_READ');
  const [row] = await visibleTruscanQuery(ctx.db, actor).execute({ id: input.ropeId });
  if (!row) throw notFound(message('app.errors.noSuchRope'));
  const { truscanAttributes, request, ...person } = row;
  return {
    truscanAttributes: (truscanAttributes ?? {}) as TruscanAttributes,
    request: request ? toRequestView({ request, ...person }) : null,
  };
}

const NEWEST = 'newest_request';
const newest = alias(truscanRequests, NEWEST);

const visibleTruscanQuery = preparedVisible((db, visible) =>
  joinPlacement(
    db
      .select({
        truscanAttributes: ropes.truscanAttributes,
        request: truscanRequests,
        firstname: users.firstname,
        lastname: users.lastname,
        email: shownEmail(),
      })
      .from(ropes)
      .$dynamic(),
  )
    .leftJoin(
      truscanRequests,
      sql`${truscanRequests.id} = (select ${newest.id} from ${truscanRequests} as ${sql.identifier(NEWEST)}
        where ${newest.ropeId} = ${ropes.id} order by ${newest.requestedAt} desc, ${newest.id} desc limit 1)`,
    )
    .leftJoin(users, eq(users.id, truscanRequests.requestedByUserId))
    .where(and(eq(ropes.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('visible_rope_truscan')),
);
