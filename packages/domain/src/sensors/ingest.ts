import { z } from 'zod';
import { ID_MAX, idSchema, idTextSchema, isoDateTime } from '../common.ts';
import { keyed } from '../messages.ts';
import { MAX_CHART_BUCKETS, MAX_INGEST_BATCH, MAX_RAW_MEASUREMENTS } from './limits.ts';

/** A reading as a device delivers it: its sensor (of the device the batch is for), when, and the value. */
export const sensorReadingSchema = z.object({
  sensor: idSchema,
  ts: isoDateTime,
  value: z.number().finite(),
});
export type SensorReading = z.infer<typeof sensorReadingSchema>;

export const sensorIngestBodySchema = z.object({
  measurements: z.array(sensorReadingSchema).min(1).max(MAX_INGEST_BATCH),
});
export type SensorIngestBody = z.infer<typeof sensorIngestBodySchema>;

/** The schema's own pattern for `ts`: the check below accepts exactly the times the schema accepts. */
const READING_TIME = sensorReadingSchema.shape.ts._zod.pattern;

/**
 * A batch checked by hand when every row is plainly valid: what the schema would answer, at a tenth of its cost
 * for a batch of 10,000 readings. Anything else (a bad row, a row with other fields) answers undefined and goes to
 * the schema, which gives the verdict and names the row.
 */
export function plainIngestBody(data: unknown): SensorIngestBody | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const rows = (data as { measurements?: unknown }).measurements;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > MAX_INGEST_BATCH) return undefined;
  const measurements: SensorReading[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as { sensor?: unknown; ts?: unknown; value?: unknown } | null;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return undefined;
    const { sensor, ts, value } = row;
    if (typeof sensor !== 'number' || !Number.isInteger(sensor) || sensor < 1 || sensor > ID_MAX) return undefined;
    if (typeof ts !== 'string' || !READING_TIME.test(ts) || ts.startsWith('0000')) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    measurements[i] = { sensor, ts, value };
  }
  return { measurements };
}

export const sensorIngestAnswerSchema = z.object({
  /** Readings stored by this batch; a repeated reading (same sensor and time) is not stored again. */
  inserted: z.number(),
  duplicates: z.number(),
});

const rangeFields = {
  from: isoDateTime,
  to: isoDateTime,
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
