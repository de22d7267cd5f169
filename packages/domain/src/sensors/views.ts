import { z } from 'zod';
import { isoDateTime } from '../common.ts';
import { sensorDeviceAttributesSchema, sensorPlotlineSchema, sensorValueSchema } from './schemas.ts';

const namedRef = z.object({ id: z.number(), name: z.string() });

/** Where a device or smartrope is mounted: the rope with its installation and area, for links and breadcrumbs. */
export const mountedRopeViewSchema = namedRef.extend({ installation: namedRef, area: namedRef });
export type MountedRopeView = z.infer<typeof mountedRopeViewSchema>;

export const sensorAttributesViewSchema = z.object({
  isEnabled: z.boolean().optional(),
  chartTitle: z.string().optional(),
  yMin: z.number().optional(),
  yMax: z.number().optional(),
  startDate: z.string().optional(),
  plotlines: z.array(sensorPlotlineSchema).optional(),
  values: z.array(sensorValueSchema).optional(),
});

export const sensorViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  attributes: sensorAttributesViewSchema,
  isDeleted: z.boolean(),
  /** The newest reading's time, null before the first. */
  lastMeasurementAt: isoDateTime.nullable(),
});
export type SensorView = z.infer<typeof sensorViewSchema>;

export const sensorDeviceViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  rope: mountedRopeViewSchema.nullable(),
  attributes: sensorDeviceAttributesSchema,
  sensors: z.array(sensorViewSchema),
  createdAt: isoDateTime,
});
export type SensorDeviceView = z.infer<typeof sensorDeviceViewSchema>;

export const sensorDeviceAnswerSchema = z.object({ sensorDevice: sensorDeviceViewSchema });
export const sensorDeviceListAnswerSchema = z.object({
  sensorDevices: z.array(sensorDeviceViewSchema),
  total: z.number(),
});
export const ropeSensorDevicesAnswerSchema = z.object({ sensorDevices: z.array(sensorDeviceViewSchema) });

/** One bucket of a chart: every reading in [ts, ts + bucketSeconds). */
export const sensorBucketSchema = z.object({
  ts: isoDateTime,
  count: z.number(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
});
export type SensorBucket = z.infer<typeof sensorBucketSchema>;

/** The trendlines of the range: over every reading in it (the median too, when asked for). */
export const sensorTrendSchema = z.object({
  count: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  median: z.number().nullable().optional(),
});
export type SensorTrend = z.infer<typeof sensorTrendSchema>;

export const sensorAggregatesAnswerSchema = z.object({
  /** The range the buckets cover: the asked range grown to whole buckets. */
  from: isoDateTime,
  to: isoDateTime,
  bucketSeconds: z.number(),
  /** The table the buckets were read from: raw readings, the minute or the hour rollup. */
  source: z.enum(['raw', 'minute', 'hour']),
  buckets: z.array(sensorBucketSchema),
  trend: sensorTrendSchema,
});
export type SensorAggregatesAnswer = z.infer<typeof sensorAggregatesAnswerSchema>;

export const sensorMeasurementSchema = z.object({ ts: isoDateTime, value: z.number() });
export const sensorMeasurementsAnswerSchema = z.object({
  measurements: z.array(sensorMeasurementSchema),
  /** True when the range held more readings than one read answers; ask for a shorter range or aggregates. */
  truncated: z.boolean(),
});
/** `isFrontend=true`: the same readings as two columns, epoch seconds and values, the shape a chart draws. */
export const sensorMeasurementColumnsAnswerSchema = z.object({
  t: z.array(z.number()),
  v: z.array(z.number()),
  truncated: z.boolean(),
});
