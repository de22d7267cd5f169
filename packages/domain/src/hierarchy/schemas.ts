import { z } from 'zod';
import { type Actor, can } from '../access/actor.ts';
import { ID_MAX, idSchema, latLngListSchema, latLngSchema, NAME_MAX_LENGTH } from '../common.ts';
import { keyed, ruleIssue } from '../messages.ts';
import { patchAttributesSchema } from '../patch-schemas.ts';
import { ropeAttributesSchema } from '../ropes/schemas.ts';
import { constructionYearRange, installationAttributesSchema } from './installations.ts';
import {
  BASE_LAYERS,
  DEFAULT_BASE_LAYER,
  MAP_DEFAULT_ZOOM,
  MAP_ZOOM_MAX,
  MAP_ZOOM_MIN,
  MAP_ZOOM_STEP,
} from './maps.ts';

/** "Installation N" / "Rope N" with N the next number not yet taken in the parent. */
export function nextFreeName(prefix: string, existingNames: readonly string[]): string {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)$`);
  const taken = new Set(
    existingNames
      .map((name) => pattern.exec(name)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  let n = 1;
  while (taken.has(n)) n += 1;
  return `${prefix} ${n}`;
}

const requiredName = z
  .string(keyed('validation.required'))
  .trim()
  .min(1, keyed('validation.required'))
  .max(NAME_MAX_LENGTH, keyed('validation.textTooLong', { max: NAME_MAX_LENGTH }));
const zoomRange = keyed('validation.zoomRange', { min: MAP_ZOOM_MIN, max: MAP_ZOOM_MAX, step: MAP_ZOOM_STEP });

/** Map settings of an area: what AREA_PARTIAL_EDIT may change. */
export const areaMapSettingsSchema = z.object({
  isMap: z.boolean(),
  mapZoom: z
    .number(keyed('validation.required'))
    .min(MAP_ZOOM_MIN, zoomRange)
    .max(MAP_ZOOM_MAX, zoomRange)
    .refine((zoom) => Math.abs(zoom * 10 - Math.round(zoom * 10)) < 1e-9, zoomRange)
    // The refinement above tolerates float noise; the OpenAPI document states the same step.
    .meta({ multipleOf: MAP_ZOOM_STEP }),
  mapBaseLayers: z.array(z.enum(BASE_LAYERS)).min(1, keyed('validation.baseLayerRequired')).max(BASE_LAYERS.length),
  mapDefaultBaseLayer: z.enum(BASE_LAYERS),
  latlng: latLngSchema.nullable(),
});

/** The fields only AREA_FULL_EDIT may set: name, mandator and the client's admin user. */
export const areaFullFieldsSchema = z.object({
  name: requiredName,
  mandatorId: z.number(keyed('validation.selectRequired')).int().positive().max(ID_MAX),
  adminUserId: idSchema.nullable().optional(),
});

/** The mandator as reads answer it, `mandator: {id, name}`: writes take its id (the name is ignored). */
const mandatorRefSchema = z.object({ id: idSchema });

/**
 * POST /areas: `mandatorId`, or `mandator: {id}` as GET answers it, so a read area is a template for a new one.
 * Map settings left out take the defaults: a map at the default zoom with every base layer, OpenStreetMap first.
 */
export const areaCreateSchema = areaFullFieldsSchema
  .extend({
    mandatorId: areaFullFieldsSchema.shape.mandatorId.optional(),
    mandator: mandatorRefSchema.optional(),
    isMap: areaMapSettingsSchema.shape.isMap.default(true),
    mapZoom: areaMapSettingsSchema.shape.mapZoom.default(MAP_DEFAULT_ZOOM),
    mapBaseLayers: areaMapSettingsSchema.shape.mapBaseLayers.default([...BASE_LAYERS]),
    mapDefaultBaseLayer: areaMapSettingsSchema.shape.mapDefaultBaseLayer.default(DEFAULT_BASE_LAYER),
    latlng: areaMapSettingsSchema.shape.latlng.default(null),
  })
  .superRefine((area, ctx) => {
    if (area.mandatorId === undefined && area.mandator === undefined) {
      ctx.addIssue({ code: 'custom', path: ['mandatorId'], ...ruleIssue('validation.selectRequired') });
    }
  })
  .transform(({ mandator, mandatorId, ...area }) => ({ ...area, mandatorId: (mandatorId ?? mandator?.id)! }));
export type AreaCreate = z.output<typeof areaCreateSchema>;
export const areaUpdateSchema = areaFullFieldsSchema.partial().extend({
  ...areaMapSettingsSchema.partial().shape,
  isDeleted: z.boolean().optional(),
});
export type AreaUpdate = z.infer<typeof areaUpdateSchema>;
/** PATCH /areas/{id}: any part of the area as GET answers it; `mandator: {id}` or `mandatorId` moves it. */
export const areaPatchSchema = areaUpdateSchema.extend({ mandator: mandatorRefSchema.optional() });
export type AreaPatch = z.output<typeof areaPatchSchema>;
/** The area after a PATCH is merged, validated whole. */
export const areaMergedSchema = areaFullFieldsSchema.extend({
  ...areaMapSettingsSchema.shape,
  isDeleted: z.boolean(),
});

export const AREA_FULL_EDIT_FIELDS = ['name', 'mandatorId', 'adminUserId', 'isDeleted'] as const;

/** Installation attributes only admins may set (object number, object name, numbers, project manager). */
export const ADMIN_ONLY_INSTALLATION_ATTRIBUTES = [
  'objectName',
  'objectNumber',
  'installationNumberFatzer',
  'installationNumberManufacturer',
  'otherNumbers',
  'projectManagerFatzer',
] as const;

/** Installation attributes only a map image upload sets (storage key and size): a body never sets them. */
export const UPLOAD_SET_INSTALLATION_ATTRIBUTES = ['mapImageUri', 'mapImageWidth', 'mapImageHeight'] as const;

/** Fields of an attributes object the actor may not change; the API refuses a change to any of them. */
export function lockedInstallationAttributes(actor: Pick<Actor, 'roles'>): string[] {
  const locked: string[] = [];
  if (!can(actor, 'MAP_EDIT')) locked.push(...ADMIN_ONLY_INSTALLATION_ATTRIBUTES);
  if (!can(actor, 'INSTALLATION_TIMEZONE')) locked.push('timezone');
  return locked;
}

export const installationCreateSchema = z.object({ name: z.string().trim().max(NAME_MAX_LENGTH).optional() });
export const installationUpdateSchema = z.object({
  name: requiredName.optional(),
  attributes: installationAttributesSchema
    .omit({ mapImageUri: true, mapImageWidth: true, mapImageHeight: true })
    .refine((a) => a.constructionYear === undefined || a.constructionYear <= new Date().getFullYear(), {
      ...constructionYearRange,
      path: ['constructionYear'],
    })
    .optional(),
  latlngs: latLngListSchema.optional(),
  isDeleted: z.boolean().optional(),
});
export type InstallationUpdate = z.infer<typeof installationUpdateSchema>;
/** PATCH /installations/{id}: any part of the installation as GET answers it; attributes merge key by key. */
export const installationPatchSchema = installationUpdateSchema.extend({
  attributes: patchAttributesSchema(installationAttributesSchema).optional(),
});
export type InstallationPatch = z.output<typeof installationPatchSchema>;
export const installationMergedSchema = z.object({
  name: requiredName,
  attributes: installationUpdateSchema.shape.attributes.unwrap(),
  latlngs: latLngListSchema,
  isDeleted: z.boolean(),
});

export const ropeCreateSchema = z.object({ name: z.string().trim().max(NAME_MAX_LENGTH).optional() });
export const ropeUpdateSchema = z.object({
  name: requiredName.optional(),
  attributes: ropeAttributesSchema.optional(),
  latlngs: latLngListSchema.optional(),
  isDeleted: z.boolean().optional(),
});
export type RopeUpdate = z.infer<typeof ropeUpdateSchema>;
/** PATCH /ropes/{id}: any part of the rope as GET answers it; attributes merge key by key. */
export const ropePatchSchema = ropeUpdateSchema.extend({
  attributes: patchAttributesSchema(ropeAttributesSchema).optional(),
});
export type RopePatch = z.output<typeof ropePatchSchema>;
export const ropeMergedSchema = z.object({
  name: requiredName,
  attributes: ropeAttributesSchema,
  latlngs: latLngListSchema,
  isDeleted: z.boolean(),
});

const orderTarget = z.object({ id: idSchema.nullable() });
/** POST .../order-before: moves the item in the path before the one named here (null: to the end). */
export const installationOrderSchema = z.object({ installation: orderTarget });
export const ropeOrderSchema = z.object({ rope: orderTarget });

/** The settings file of an installation or rope, as downloaded and loaded again. */
export const SETTINGS_FILE_VERSION = 1;
export const installationSettingsFileSchema = z.object({
  kind: z.literal('installation'),
  version: z.literal(SETTINGS_FILE_VERSION),
  name: requiredName,
  attributes: installationAttributesSchema,
});
export const ropeSettingsFileSchema = z.object({
  kind: z.literal('rope'),
  version: z.literal(SETTINGS_FILE_VERSION),
  name: requiredName,
  attributes: ropeAttributesSchema,
});
