import { z } from 'zod';
import { isoDateTime } from '../common.ts';
import { mountedRopeViewSchema } from '../sensors/views.ts';
import { SMARTROPE_EVENT_TYPES, smartropeEventAttributesSchema } from './schemas.ts';

export const smartropeSensorViewSchema = z.object({ id: z.number(), name: z.string(), unit: z.string() });

export const smartropeViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  uuid: z.string(),
  rope: mountedRopeViewSchema.nullable(),
  sensors: z.array(smartropeSensorViewSchema),
  createdAt: isoDateTime,
  /** The newest event's time in epoch seconds, null before the first. */
  lastEventAt: z.number().nullable(),
});
export type SmartropeView = z.infer<typeof smartropeViewSchema>;
export const smartropeAnswerSchema = z.object({ smartrope: smartropeViewSchema });
export const smartropeListAnswerSchema = z.object({ smartropes: z.array(smartropeViewSchema), total: z.number() });

export const smartropeEventViewSchema = z.object({
  id: z.number(),
  smartrope: z.object({ id: z.number(), name: z.string() }),
  sensorName: z.string(),
  type: z.enum(SMARTROPE_EVENT_TYPES),
  unixTimestamp: z.number(),
  attributes: smartropeEventAttributesSchema,
  /** The highest measurement of the event, null while it has none. */
  peak: z.number().nullable(),
  measurementCount: z.number(),
});
export type SmartropeEventView = z.infer<typeof smartropeEventViewSchema>;
export const smartropeEventAnswerSchema = z.object({ event: smartropeEventViewSchema });
export const smartropeEventListAnswerSchema = z.object({ events: z.array(smartropeEventViewSchema) });
export const smartropeEventIngestAnswerSchema = z.object({
  event: z.object({ id: z.number(), created: z.boolean() }),
  inserted: z.number(),
  duplicates: z.number(),
});
export const smartropeMeasurementsAnswerSchema = z.object({
  measurements: z.array(z.object({ unixTimestamp: z.number(), value: z.number() })),
});
