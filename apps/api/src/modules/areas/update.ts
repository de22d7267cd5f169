import { areas } from '@rope/db/schema/index';
import { can } from '@rope/domain/access/actor';
import {
  AREA_FULL_EDIT_FIELDS,
  type AreaPatch,
  type AreaUpdate,
  areaMergedSchema,
} from '@rope/domain/hierarchy/schemas';
import { message } from '@rope/domain/messages';
import { eq } from 'drizzle-orm';
import { forbidden } from '../../http/app-error.ts';
import { applyPatch } from '../../http/apply-patch.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { assertAreaReferences, findArea } from './internal.ts';
import { toAreaView } from './view.ts';

/**
 * Any part of the area as GET answers it; `mandator: {id}` or `mandatorId` moves it. Map settings need
 * AREA_PARTIAL_EDIT; name, mandator, client and archiving need AREA_FULL_EDIT.
 */
export async function updateArea({ ctx, actor, input }: ActionArgs<{ id: number; patch: AreaPatch }>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { area, mandatorName } = await findArea(ctx, actor, input.id);
  const { id: _id, mandator, damages: _damages, ...current } = toAreaView(area, mandatorName, null);
  const { mandator: sentMandator, ...patch } = input.patch;
  if (sentMandator && patch.mandatorId === undefined) patch.mandatorId = sentMandator.id;
  const { value, changed } = applyPatch({
    entity: 'area',
    current: { ...current, mandatorId: mandator.id },
    patch,
    schema: areaMergedSchema,
  });
  if (changed.length === 0) return;
  const changes: AreaUpdate = Object.fromEntries(changed.map((key) => [key, value[key as keyof typeof value]]));
  const fullFields = AREA_FULL_EDIT_FIELDS.filter((field) => changes[field] !== undefined);
  if (fullFields.length > 0 && !can(actor, 'AREA_FULL_EDIT')) {
    throw forbidden(message('app.errors.fieldsAdminOnly', { fields: fullFields.join(', ') }));
  }
  const restoring = changes.isDeleted === false && Object.keys(changes).length === 1;
  assertWritable([area], restoring);
  if (changes.mandatorId !== undefined || changes.adminUserId) {
    await assertAreaReferences(ctx, changes.mandatorId ?? area.mandatorId, changes.adminUserId ?? area.adminUserId);
  }
  const { latlng, ...rest } = changes;
  await ctx.db
    .update(areas)
    .set({
      ...rest,
      ...(latlng !== undefined ? { lat: latlng?.[0] ?? null, lng: latlng?.[1] ?? null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(areas.id, area.id));
}
