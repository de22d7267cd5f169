import { BASE_LAYERS } from '@rope/domain/hierarchy/maps';
import { type AreaView, areaViewSchema } from '@rope/domain/hierarchy/views';
import type { AreaRow } from '../../tenancy/scope.ts';
import type { DamageView } from '../hierarchy/index.ts';

export type { AreaView };
export { areaViewSchema };

export function toAreaView(area: AreaRow, mandatorName: string, damages: DamageView): AreaView {
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
