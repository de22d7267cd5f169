import { type RopeView, ropeViewSchema } from '@rope/domain/hierarchy/views';
import type { RopeRow } from '../../tenancy/scope.ts';
import { ropeDamageView } from '../hierarchy/index.ts';

export type { RopeView };
export { ropeViewSchema };

export function toRopeView(row: RopeRow): RopeView {
  return {
    id: row.id,
    name: row.name,
    installation: { id: row.installationId },
    ordering: row.ordering,
    latlngs: row.latlngs,
    attributes: row.attributes,
    truscanAttributes: row.truscanAttributes,
    isDeleted: row.isDeleted,
    notificationStatus: row.notificationStatus,
    damages: ropeDamageView(row.damages),
  };
}
