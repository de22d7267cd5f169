import { ropes } from '@rope/db/schema/index';
import type { RopeUpdate } from '@rope/domain/hierarchy';
import { type Actor, can } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { refreshRopeDamage } from '../events/refresh-damage.ts';
import { assertWritable, findRope } from '../hierarchy/scope.ts';
import { toRopeView } from './view.ts';

export async function updateRope({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: RopeUpdate;
}) {
  const { rope, installation, area } = await findRope(ctx, actor, id);
  const restoring = input.isDeleted === false && Object.keys(input).length === 1;
  assertWritable([rope, installation, area], restoring);
  if (input.latlngs !== undefined && !can(actor, 'MAP_EDIT')) {
    throw new AppError('FORBIDDEN', 'Only admins draw ropes on the map');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(ropes)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        ...(input.latlngs !== undefined ? { latlngs: input.latlngs } : {}),
        ...(input.isDeleted !== undefined ? { isDeleted: input.isDeleted } : {}),
        updatedAt: new Date(),
      })
      .where(eq(ropes.id, id))
      .returning();
    if (input.attributes === undefined) return updated!;
    // Standard, diameter, cross-section or application change the damage: lists and gauges follow at once.
    if (!(await refreshRopeDamage(tx, ctx, id, installation))) return updated!;
    const [recomputed] = await tx.select().from(ropes).where(eq(ropes.id, id));
    return recomputed!;
  });
  return toRopeView(row);
}

export async function deleteRope({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  await findRope(ctx, actor, id);
  await ctx.db.delete(ropes).where(eq(ropes.id, id));
}
