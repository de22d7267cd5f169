import { z } from 'zod';
import { idSchema, idTextSchema, NAME_MAX_LENGTH, nameText } from '../common.ts';
import { patchAttributesSchema } from '../patch-schemas.ts';
import { MAX_INGEST_BATCH } from '../sensors/limits.ts';
import { mountedRopeSchema } from '../sensors/schemas.ts';

export const SMARTROPE_EVENT_TYPES = ['threshold', 'anomaly', 'info'] as const;
export type SmartropeEventType = (typeof SMARTROPE_EVENT_TYPES)[number];

export const smartropeEventAttributesSchema = z
  .object({ isAcknowledged: z.boolean(), comment: z.string().max(65_536) })
  .partial();

/** Epoch seconds, as smartropes count time; fractions keep milliseconds. */
export const unixTimestampSchema = z.number().finite().min(0).max(253_402_300_799); // 9999-12-31T23:59:59Z

export const smartropeSensorBodySchema = z.object({
  id: idSchema.optional(),
  name: nameText,
  unit: z.string().trim().max(32).default(''),
});

export const smartropeBodySchema = z.object({
  name: nameText,
  /** The fabrication number, unique. */
  uuid: z.string().trim().min(1).max(64),
  rope: mountedRopeSchema.default(null),
  sensors: z.array(smartropeSensorBodySchema).max(50).default([]),
});
export type SmartropeBody = z.output<typeof smartropeBodySchema>;
export const smartropeCreateBodySchema = z.object({ smartrope: smartropeBodySchema });

/** PATCH /smartropes/{id}: any part as GET answers it; a sensor with its id changes that sensor, without adds one. */
export const smartropePatchSchema = z.object({
  name: nameText.optional(),
  uuid: z.string().trim().min(1).max(64).optional(),
  rope: mountedRopeSchema.optional(),
  sensors: z
    .array(z.object({ id: idSchema.optional(), name: nameText.optional(), unit: z.string().trim().max(32).optional() }))
    .max(50)
    .optional(),
});
export type SmartropePatch = z.output<typeof smartropePatchSchema>;
export const smartropePatchBodySchema = z.object({ smartrope: smartropePatchSchema });

export const smartropeMeasurementSchema = z.object({ unixTimestamp: unixTimestampSchema, value: z.number().finite() });
export type SmartropeMeasurement = z.infer<typeof smartropeMeasurementSchema>;

/** An event as a smartrope delivers it: found again by its sensor and time, its measurements added to. */
export const smartropeEventIngestBodySchema = z.object({
  event: z.object({
    sensorName: z.string().trim().min(1).max(NAME_MAX_LENGTH),
    type: z.enum(SMARTROPE_EVENT_TYPES),
    unixTimestamp: unixTimestampSchema,
    measurements: z.array(smartropeMeasurementSchema).max(MAX_INGEST_BATCH).default([]),
  }),
});
export type SmartropeEventIngest = z.output<typeof smartropeEventIngestBodySchema>['event'];

/** PATCH /smartropes/events/{id}: acknowledge or comment; attributes merge key by key. */
export const smartropeEventPatchSchema = z.object({
  sensorName: z.string().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  type: z.enum(SMARTROPE_EVENT_TYPES).optional(),
  unixTimestamp: unixTimestampSchema.optional(),
  attributes: patchAttributesSchema(smartropeEventAttributesSchema).optional(),
});
export type SmartropeEventPatch = z.output<typeof smartropeEventPatchSchema>;
export const smartropeEventPatchBodySchema = z.object({ event: smartropeEventPatchSchema });
export const smartropeEventMergedSchema = z.object({
  sensorName: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  type: z.enum(SMARTROPE_EVENT_TYPES),
  unixTimestamp: unixTimestampSchema,
  attributes: smartropeEventAttributesSchema,
});

export const smartropeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(255).default(''),
  rope: idTextSchema.optional(),
});

export const SMARTROPE_EVENTS_LIMIT_MAX = 100;
export const smartropeEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SMARTROPE_EVENTS_LIMIT_MAX).default(10),
});
