import { z } from 'zod';
import { installationAttributesSchema } from '../installations.ts';
import { BASE_LAYERS } from '../maps.ts';
import { notificationSettingsSchema, notificationStatusSchema } from '../notifications.ts';
import { ropeAttributesSchema, truscanAttributesSchema } from '../ropes.ts';

/** The largest damage below an item (% of the discard limit) and the health seen from the other side. */
export const damageViewSchema = z.object({ damage: z.number(), health: z.number() }).nullable();
export type DamageView = z.infer<typeof damageViewSchema>;

const latLng = z.tuple([z.number(), z.number()]);

/** An area as GET /api/areas and /api/areas/{id} answer it. */
export const areaViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  mandator: z.object({ id: z.number(), name: z.string() }),
  adminUserId: z.number().nullable(),
  isMap: z.boolean(),
  mapZoom: z.number(),
  mapBaseLayers: z.array(z.enum(BASE_LAYERS)),
  mapDefaultBaseLayer: z.enum(BASE_LAYERS),
  latlng: latLng.nullable(),
  isDeleted: z.boolean(),
  damages: damageViewSchema,
});
export type AreaView = z.infer<typeof areaViewSchema>;

export const installationViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  area: z.object({ id: z.number() }),
  ordering: z.number(),
  latlngs: z.array(latLng),
  attributes: installationAttributesSchema,
  isDeleted: z.boolean(),
  notificationSettings: notificationSettingsSchema.nullable(),
  notificationStatus: notificationStatusSchema,
  damages: damageViewSchema,
});
export type InstallationView = z.infer<typeof installationViewSchema>;

export const ropeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  installation: z.object({ id: z.number() }),
  ordering: z.number(),
  latlngs: z.array(latLng),
  attributes: ropeAttributesSchema,
  truscanAttributes: truscanAttributesSchema,
  isDeleted: z.boolean(),
  notificationStatus: notificationStatusSchema,
  damages: damageViewSchema,
});
export type RopeView = z.infer<typeof ropeViewSchema>;
