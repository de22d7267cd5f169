import { BASE_LAYERS } from '@rope/domain/maps';
import { z } from 'zod';
import { type DamageView, toDamageView } from '../hierarchy/damage-summary.ts';
import type { AreaRow } from '../hierarchy/scope.ts';

const damageSchema = z.object({ damage: z.number(), health: z.number() }).nullable();

export { damageSchema };

export const areaViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  mandator: z.object({ id: z.number(), name: z.string() }),
  adminUserId: z.number().nullable(),
  isMap: z.boolean(),
  mapZoom: z.number(),
  mapBaseLayers: z.array(z.enum(BASE_LAYERS)),
  mapDefaultBaseLayer: z.enum(BASE_LAYERS),
  latlng: z.tuple([z.number(), z.number()]).nullable(),
  isDeleted: z.boolean(),
  damages: damageSchema,
});
export type AreaView = z.infer<typeof areaViewSchema>;

export function toAreaView(area: AreaRow, mandatorName: string, maxDamage: number | null): AreaView {
  const damages: DamageView | null = toDamageView(maxDamage);
  return {
    id: area.id,
    name: area.name,
    mandator: { id: area.mandatorId, name: mandatorName },
    adminUserId: area.adminUserId,
    isMap: area.isMap,
    mapZoom: area.mapZoom,
    mapBaseLayers: area.mapBaseLayers.length > 0 ? area.mapBaseLayers : [...BASE_LAYERS],
    mapDefaultBaseLayer: area.mapDefaultBaseLayer,
    latlng: area.lat !== null && area.lng !== null ? [area.lat, area.lng] : null,
    isDeleted: area.isDeleted,
    damages,
  };
}
