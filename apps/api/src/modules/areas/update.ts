import { areas } from '@rope/db/schema/index';
import { AREA_FULL_EDIT_FIELDS, type AreaUpdate } from '@rope/domain/hierarchy';
import { type Actor, can } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertWritable, findArea } from '../hierarchy/scope.ts';
import { assertAreaReferences } from './create.ts';

/** Map settings need AREA_PARTIAL_EDIT; name, mandator, client and archiving need AREA_FULL_EDIT. */
export async function updateArea({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  input: AreaUpdate;
}) {
  const { area } = await findArea(ctx, actor, id);
  const fullFields = AREA_FULL_EDIT_FIELDS.filter((field) => input[field] !== undefined);
  if (fullFields.length > 0 && !can(actor, 'AREA_FULL_EDIT')) {
    throw new AppError('FORBIDDEN', `Only admins may change ${fullFields.join(', ')}`);
  }
  const restoring = input.isDeleted === false && Object.keys(input).length === 1;
  assertWritable([area], restoring);
  if (input.mandatorId !== undefined || input.adminUserId) {
    await assertAreaReferences(ctx, input.mandatorId ?? area.mandatorId, input.adminUserId ?? area.adminUserId);
  }
  const { latlng, ...rest } = input;
  await ctx.db
    .update(areas)
    .set({
      ...rest,
      ...(latlng !== undefined ? { lat: latlng?.[0] ?? null, lng: latlng?.[1] ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(areas.id, id));
}

export async function deleteArea({ ctx, actor, id }: { ctx: AppContext; actor: Actor; id: number }) {
  await findArea(ctx, actor, id);
  // Installations, ropes, events and tasks go with it (foreign keys cascade) in this one statement.
  await ctx.db.delete(areas).where(eq(areas.id, id));
}
