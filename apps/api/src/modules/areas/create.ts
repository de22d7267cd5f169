import { areas } from '@rope/db/schema/index';
import type { AreaCreate } from '@rope/domain/hierarchy/schemas';
import { assertCan } from '../../http/guards.ts';
import type { ActionArgs } from '../action-args.ts';
import { assertAreaReferences } from './internal.ts';

/** A new area of a mandator; the map settings it leaves out have the domain schema's defaults already. */
export async function createArea({ ctx, actor, input }: ActionArgs<AreaCreate>) {
  assertCan(actor, 'AREA_FULL_EDIT');
  await assertAreaReferences(ctx, input.mandatorId, input.adminUserId);
  const [area] = await ctx.db
    .insert(areas)
    .values({
      name: input.name,
      mandatorId: input.mandatorId,
      adminUserId: input.adminUserId ?? null,
      isMap: input.isMap,
      mapZoom: input.mapZoom,
      mapBaseLayers: input.mapBaseLayers,
      mapDefaultBaseLayer: input.mapDefaultBaseLayer,
      lat: input.latlng?.[0] ?? null,
      lng: input.latlng?.[1] ?? null,
    })
    .returning({ id: areas.id });
  return { area: area! };
}
