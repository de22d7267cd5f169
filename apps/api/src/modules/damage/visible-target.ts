import { ropeDamageStamps, ropes } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/access/actor';
import { message } from '@rope/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { joinPlacement } from '../../tenancy/placement.ts';
import { preparedVisible } from '../../tenancy/visible-query.ts';
import { type DamageTarget, damageTargetColumns, withLoopLength } from './recompute.ts';

/**
 * The damage target of a rope the viewer sees, found and checked in one statement (the chart and the loss over
 * target read it on every rope page, and checking first and reading after took two); a rope in an area the viewer
 * does not see answers exactly like a missing one.
 */
export async function loadVisibleDamageTarget(ctx: AppContext, viewer: Actor, ropeId: number): Promise<DamageTarget> {
  const [row] = await visibleTargetQuery(ctx.db, viewer).execute({ id: ropeId });
  if (!row) throw notFound(message('app.errors.noSuchRope'));
  return withLoopLength(row);
}

const visibleTargetQuery = preparedVisible((db, visible) =>
  joinPlacement(db.select(damageTargetColumns).from(ropes).$dynamic())
    .leftJoin(ropeDamageStamps, eq(ropeDamageStamps.ropeId, ropes.id))
    .where(and(eq(ropes.id, sql.placeholder('id')), visible.where))
    .prepare(visible.name('visible_damage_target')),
);
