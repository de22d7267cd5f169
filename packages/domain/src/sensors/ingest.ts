import { z } from 'zod';
import { idSchema, idTextSchema } from '../common.ts';
import { keyed } from '../messages.ts';
import { MAX_CHART_BUCKETS, MAX_INGEST_BATCH, MAX_RAW_MEASUREMENTS } from './limits.ts';

/** A reading as a device delivers it: its sensor (of the device the batch is for), when, and the value. */
export const sensorReadingSchema = z.object({
  sensor: idSchema,
  ts: z.iso.datetime({ offset: true }),
  value: z.number().finite(),
});
export type SensorReading = z.infer<typeof sensorReadingSchema>;

export const sensorIngestBodySchema = z.object({
  measurements: z.array(sensorReadingSchema).min(1).max(MAX_INGEST_BATCH),
});
export type SensorIngestBody = z.infer<typeof sensorIngestBodySchema>;

export const sensorIngestAnswerSchema = z.object({
  /** Readings stored by this batch; a repeated reading (same sensor and time) is not stored again. */
  inserted: z.number(),
  duplicates: z.number(),
});

const rangeFields = {
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
};
const orderedRange = (range: { from: string; to: string }) => Date.parse(range.from) < Date.parse(range.to);
const rangeOrder = { ...keyed('validation.rangeOrder'), path: ['to'] };

export const sensorAggregatesQuerySchema = z
  .object({
    ...rangeFields,
    buckets: z.coerce.number().int().min(1).max(MAX_CHART_BUCKETS).default(MAX_CHART_BUCKETS),
    median: z
      .enum(['true', 'false'])
      .default('false')
      .transform((flag) => flag === 'true'),
  })
  .refine(orderedRange, rangeOrder);

export const sensorMeasurementsQuerySchema = z
  .object({
    ...rangeFields,
    limit: z.coerce.number().int().min(1).max(MAX_RAW_MEASUREMENTS).default(MAX_RAW_MEASUREMENTS),
    isFrontend: z
      .enum(['true', 'false'])
      .default('false')
      .transform((flag) => flag === 'true'),
  })
  .refine(orderedRange, rangeOrder);

export const sensorDeviceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(255).default(''),
  rope: idTextSchema.optional(),
});
