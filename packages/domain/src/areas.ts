import { z } from 'zod';
import { idSchema, latLngSchema, nameText } from './common.ts';
import { BASE_LAYERS, MAP_DEFAULT_ZOOM, MAP_ZOOM_MAX, MAP_ZOOM_MIN } from './maps.ts';

export const areaFieldsSchema = z.object({
  name: nameText,
  mandatorId: idSchema,
  adminUserId: idSchema.nullable().optional(),
  isMap: z.boolean().default(true),
  mapZoom: z.number().min(MAP_ZOOM_MIN).max(MAP_ZOOM_MAX).multipleOf(0.1).default(MAP_DEFAULT_ZOOM),
  mapBaseLayers: z
    .array(z.enum(BASE_LAYERS))
    .max(BASE_LAYERS.length)
    .default([...BASE_LAYERS]),
  mapDefaultBaseLayer: z.enum(BASE_LAYERS).default('openStreetMap'),
  latlng: latLngSchema.nullable().optional(),
});
export type AreaFields = z.infer<typeof areaFieldsSchema>;
