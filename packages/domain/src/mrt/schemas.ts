import { z } from 'zod';
import { decimalTextSchema, integerTextSchema, isoDateTime, nonNegativeDecimalTextSchema } from '../common.ts';
import {
  MRT_CANDIDATE_STATUSES,
  MRT_DAMAGE_TYPES,
  MRT_TRACE_DEFAULT_BUCKETS,
  MRT_TRACE_MAX_BUCKETS,
} from './figures.ts';

export * from './figures.ts';

/** One uploaded file as the upload answers it: the measurement event it made (or had made before). */
export const meaMeasurementViewSchema = z.object({
  ropeEvent: z.object({ id: z.number() }),
  fileName: z.string(),
  recordedAt: isoDateTime,
  bitDepth: z.number(),
  channelCount: z.number(),
  sampleCount: z.number(),
  /** Datum positions of the first and last sample, m. */
  from: z.number(),
  to: z.number(),
  bendingCycles: z.number(),
  /** Candidates at the default threshold. */
  candidateCount: z.number(),
  /** False when the same file had been uploaded to this rope before: nothing new was made. */
  isNew: z.boolean(),
});
export type MeaMeasurementView = z.infer<typeof meaMeasurementViewSchema>;

export const meaUploadAnswerSchema = z.object({
  measurements: z.array(meaMeasurementViewSchema),
  ropeChanged: z.boolean(),
});
export type MeaUploadAnswer = z.infer<typeof meaUploadAnswerSchema>;

export const mrtTraceQuerySchema = z.object({
  /** Datum positions, m. */
  from: decimalTextSchema.optional(),
  to: decimalTextSchema.optional(),
  buckets: integerTextSchema(1, MRT_TRACE_MAX_BUCKETS).default(MRT_TRACE_DEFAULT_BUCKETS),
});

export const mrtTraceAnswerSchema = z.object({
  trace: z.object({
    /** The range answered, datum m: the asked range within the run. */
    from: z.number(),
    to: z.number(),
    /** The whole run, datum m. */
    runFrom: z.number(),
    runTo: z.number(),
    positionOffset: z.number(),
    /** m between two samples. */
    sampleSpacing: z.number(),
    samplesPerBucket: z.number(),
    /** Per bucket: its middle (datum m), smallest and largest value (mV). */
    position: z.array(z.number()),
    min: z.array(z.number()),
    max: z.array(z.number()),
  }),
});
export type MrtTraceAnswer = z.infer<typeof mrtTraceAnswerSchema>;

export const mrtCandidatesQuerySchema = z.object({
  /** mV; the file's default threshold when absent. */
  threshold: nonNegativeDecimalTextSchema.pipe(z.number().max(1_000_000)).optional(),
});

export const mrtCandidateViewSchema = z.object({
  index: z.number(),
  /** Datum position, m. */
  position: z.number(),
  amplitude: z.number(),
  status: z.enum(MRT_CANDIDATE_STATUSES),
  damageEvent: z.object({ id: z.number() }).nullable(),
});
export type MrtCandidateView = z.infer<typeof mrtCandidateViewSchema>;

export const mrtCandidatesAnswerSchema = z.object({
  threshold: z.number(),
  defaultThreshold: z.number(),
  peakFloor: z.number(),
  noiseSigma: z.number(),
  candidates: z.array(mrtCandidateViewSchema),
});
export type MrtCandidatesAnswer = z.infer<typeof mrtCandidatesAnswerSchema>;

export const mrtConfirmBodySchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  damageCount: z.number().int().min(0).max(999_999).default(1),
  type: z.enum(MRT_DAMAGE_TYPES).default('wireBreak'),
  description: z.string().max(65_536).optional(),
});
export type MrtConfirmBody = z.infer<typeof mrtConfirmBodySchema>;

export const mrtDismissBodySchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
