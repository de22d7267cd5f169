import { ropes } from '@rope/db/schema/index';
import { can } from '@rope/domain/access/actor';
import { type RopePatch, type RopeUpdate, ropeMergedSchema } from '@rope/domain/hierarchy/schemas';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import { forbidden } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { refreshRopeDamage } from '../damage/index.ts';
import { findRope } from './internal.ts';
import { toRopeView } from './view.ts';

/** Any part of the rope as GET answers it; attributes merge key by key. */
export async function updateRope({ ctx, actor, input: sent }: ActionArgs<{ id: number; patch: RopePatch }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { rope, installation, area } = await findRope(ctx, actor, sent.id);
  const { id, name, attributes, latlngs, isDeleted } = rope;
  const { value, changed } = applyPatch({
    entity: 'rope',
    current: { name, attributes, latlngs, isDeleted },
    patch: sent.patch,
    schema: ropeMergedSchema,
  });
  if (changed.length === 0) return { rope: toRopeView(rope) };
  const input: RopeUpdate = Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]]));
  const restoring = input.isDeleted === false && Object.keys(input).length === 1;
  assertWritable([rope, installation, area], restoring);
  if (input.latlngs !== undefined && !can(actor, 'MAP_EDIT')) {
    throw forbidden(message('app.errors.drawRopeAdminOnly'));
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
  return { rope: toRopeView(row) };
}
