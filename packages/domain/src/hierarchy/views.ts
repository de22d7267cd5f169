import { z } from 'zod';
import { notificationSettingsSchema, notificationStatusSchema } from '../notifications/schemas.ts';
import { DAMAGE_INPUTS } from '../ropes/missing-inputs.ts';
import { ropeAttributesSchema, truscanAttributesSchema } from '../ropes/schemas.ts';
import { installationAttributesSchema } from './installations.ts';
import { BASE_LAYERS } from './maps.ts';

/**
 * The damage of a rope, or the largest below an installation or area (% of the discard limit), and the health seen
 * from the other side; null while nothing has been assessed. `unknown` when the rope, or any rope below, lacks an
 * input its rule set needs: no figures (never 0 %), the inputs to set and how many ropes are affected.
 */
export const damageViewSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('computed'), damage: z.number(), health: z.number() }),
    z.object({
      status: z.literal('unknown'),
      damage: z.null(),
      health: z.null(),
      missingInputs: z.array(z.enum(DAMAGE_INPUTS)),
      /** Ropes whose damage cannot be computed: 1 for a rope, any number below an installation or area. */
      unknownRopes: z.number().int().min(1),
    }),
  ])
  .nullable();
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

/** The id and name of an entity named beside another, e.g. a rope's installation in a list of all ropes. */
export const namedRefSchema = z.object({ id: z.number(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/** A rope as GET /api/ropes answers it: with its installation and area. */
export const placedRopeViewSchema = ropeViewSchema.extend({ installation: namedRefSchema, area: namedRefSchema });
export type PlacedRopeView = z.infer<typeof placedRopeViewSchema>;

/**
 * A live rope as the dashboard lists it and the rope pickers offer it, GET /api/ropes/overview: its place and its
 * damage, without the settings and the line on the map that a rope's own screens read.
 */
export const ropeOverviewSchema = placedRopeViewSchema.pick({
  id: true,
  name: true,
  installation: true,
  area: true,
  damages: true,
});
export type RopeOverview = z.infer<typeof ropeOverviewSchema>;
export const ropeOverviewAnswerSchema = z.object({ ropes: z.array(ropeOverviewSchema) });

/** An area's place on the overview map, GET /api/areas/positions. */
export const areaPositionSchema = z.object({ id: z.number(), latlng: latLng.nullable(), damages: damageViewSchema });
export type AreaPosition = z.infer<typeof areaPositionSchema>;
