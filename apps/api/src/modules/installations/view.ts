import { installationAttributesSchema } from '@rope/domain/installations';
import { notificationSettingsSchema, notificationStatusSchema } from '@rope/domain/notifications';
import { z } from 'zod';
import { toDamageView } from '../hierarchy/damage-summary.ts';
import type { InstallationRow } from '../hierarchy/scope.ts';

export const installationViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  area: z.object({ id: z.number() }),
  ordering: z.number(),
  latlngs: z.array(z.tuple([z.number(), z.number()])),
  attributes: installationAttributesSchema,
  isDeleted: z.boolean(),
  notificationSettings: notificationSettingsSchema.nullable(),
  notificationStatus: notificationStatusSchema,
  damages: z.object({ damage: z.number(), health: z.number() }).nullable(),
});
export type InstallationView = z.infer<typeof installationViewSchema>;

export function toInstallationView(row: InstallationRow, maxDamage: number | null = null): InstallationView {
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
    damages: toDamageView(maxDamage),
  };
}
