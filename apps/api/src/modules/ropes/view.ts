import { ropes } from '@rope/db/schema/index';
import { type RopeView, ropeViewSchema } from '@rope/domain/hierarchy/views';
import type { RopeRow } from '../../tenancy/scope.ts';
import { ropeDamageView } from '../hierarchy/index.ts';

export type { RopeView };
export { ropeViewSchema };

/** The columns a rope's view is made of: a list selects these, not the whole row (no timestamps to parse per rope). */
export const ropeViewColumns = {
  id: ropes.id,
  name: ropes.name,
  installationId: ropes.installationId,
  ordering: ropes.ordering,
  latlngs: ropes.latlngs,
  attributes: ropes.attributes,
  truscanAttributes: ropes.truscanAttributes,
  isDeleted: ropes.isDeleted,
  notificationStatus: ropes.notificationStatus,
  damages: ropes.damages,
};

export function toRopeView(row: Pick<RopeRow, keyof typeof ropeViewColumns>): RopeView {
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
