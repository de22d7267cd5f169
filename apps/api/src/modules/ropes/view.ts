import { notificationStatusSchema } from '@rope/domain/notifications';
import { ropeAttributesSchema, truscanAttributesSchema } from '@rope/domain/ropes';
import { z } from 'zod';
import { ropeDamageView } from '../hierarchy/damage-summary.ts';
import type { RopeRow } from '../hierarchy/scope.ts';

export const ropeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  installation: z.object({ id: z.number() }),
  ordering: z.number(),
  latlngs: z.array(z.tuple([z.number(), z.number()])),
  attributes: ropeAttributesSchema,
  truscanAttributes: truscanAttributesSchema,
  isDeleted: z.boolean(),
  notificationStatus: notificationStatusSchema,
  damages: z.object({ damage: z.number(), health: z.number() }).nullable(),
});
export type RopeView = z.infer<typeof ropeViewSchema>;

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
