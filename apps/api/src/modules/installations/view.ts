import { type InstallationView, installationViewSchema } from '@rope/domain/hierarchy/views';
import type { InstallationRow } from '../../tenancy/scope.ts';
import { type RopeDamageAggregate, toDamageView } from '../hierarchy/index.ts';

export type { InstallationView };
export { installationViewSchema };

export function toInstallationView(
  row: InstallationRow,
  ropeDamages: RopeDamageAggregate | null = null,
): InstallationView {
  return {
    id: row.id,
    name: row.name,
    area: { id: row.areaId },
    ordering: row.ordering,
    latlngs: row.latlngs,
    attributes: row.attributes,
    isDeleted: row.isDeleted,
    notificationSettings: row.notificationSettings ?? null,
    notificationStatus: row.notificationStatus,
    damages: toDamageView(ropeDamages),
  };
}
