import { z } from 'zod';
import { damageViewSchema, namedRefSchema } from '../hierarchy/views.ts';
import { forecastSchema } from '../ropes/forecast.ts';
import { DAMAGE_INPUTS } from '../ropes/missing-inputs.ts';
import { ropeEventAttributesSchema } from './schemas.ts';

export { EVENT_SEARCH_MAX_LENGTH, LATEST_EVENTS_DEFAULT_LIMIT, LATEST_EVENTS_MAX_LIMIT } from './kinds.ts';

/** A rope event as GET /api/ropes/{id}/events and /api/events/{id} answer it. */
export const ropeEventViewSchema = z.object({
  id: z.number(),
  rope: z.object({ id: z.number() }),
  position: z.number().nullable(),
  attributes: ropeEventAttributesSchema,
  isDeleted: z.boolean(),
  documentCount: z.number(),
  createdAt: z.string(),
});
export type RopeEventView = z.infer<typeof ropeEventViewSchema>;

/**
 * A rope event as GET /api/events and /api/installations/{id}/events answer it: with its rope, installation and area.
 * The rope's positionOffset comes along so the lists show datum positions as the rope's own table does (datumPosition).
 */
export const placedEventViewSchema = ropeEventViewSchema.extend({
  rope: namedRefSchema.extend({ positionOffset: z.number() }),
  installation: namedRefSchema,
  area: namedRefSchema,
});
export type PlacedEventView = z.infer<typeof placedEventViewSchema>;
export const placedEventListSchema = z.object({ ropeEvents: z.array(placedEventViewSchema) });

/** GET /api/ropes/{id}/events: one page of the rope's events and how many there are. */
export const ropeEventListSchema = z.object({ ropeEvents: z.array(ropeEventViewSchema), total: z.number() });
export type RopeEventList = z.infer<typeof ropeEventListSchema>;

/** One version of an event, GET /api/events/{id}/history. */
export const eventHistoryEntrySchema = z.object({
  timestamp: z.string(),
  action: z.string(),
  user: z.object({ name: z.string() }),
  position: z.number().nullable(),
  attributes: ropeEventAttributesSchema,
});
export type EventHistoryEntry = z.infer<typeof eventHistoryEntrySchema>;
export const eventHistoryAnswerSchema = z.object({ history: z.array(eventHistoryEntrySchema) });

/** One inspection on the loss chart. */
export const lossPointSchema = z.object({
  timestamp: z.string(),
  bendingCycles: z.number().nullable(),
  /** % of the discard limit; null when it cannot be computed (a rule set input missing). */
  damage: z.number().nullable(),
  maxLossPct: z.number(),
});
export type LossPoint = z.infer<typeof lossPointSchema>;

/** GET /api/ropes/{id}/events/lossOverTarget */
export const lossOverTargetAnswerSchema = z.object({
  result: z.array(lossPointSchema),
  /** The rope's damage today: unknown when its rule set lacks an input (missingInputs). */
  status: z.enum(['computed', 'unknown']),
  missingInputs: z.array(z.enum(DAMAGE_INPUTS)),
  standard: z.string(),
  limits: z.array(z.object({ multiple: z.number(), limit: z.number() })),
  bendingCyclesToTimestamp: z.array(z.tuple([z.number(), z.string()])),
  forecast: forecastSchema.nullable(),
});
export type LossOverTargetAnswer = z.infer<typeof lossOverTargetAnswerSchema>;

/** POST /api/events/import/parse: the measurement event of an inspection file and the damages it found. */
export const parsedInspectionSchema = z.object({
  ropeEvent: z.object({ position: z.number().nullable(), attributes: ropeEventAttributesSchema }),
  damages: z.array(z.object({ position: z.number(), attributes: ropeEventAttributesSchema })),
});
export type ParsedInspection = z.infer<typeof parsedInspectionSchema>;

/** GET /api/ropes/{id}/bendingCycles: the count now, its rate and the count it is carried forward from. */
export const bendingCyclesAnswerSchema = z.object({
  bendingCycles: z.number().nullable(),
  cyclesPerHour: z.number().nullable(),
  lastMeasured: z.object({ bendingCycles: z.number(), timestamp: z.string() }).nullable(),
});
export type BendingCyclesAnswer = z.infer<typeof bendingCyclesAnswerSchema>;

const damagedRefSchema = z.object({ id: z.number().int(), name: z.string(), damages: damageViewSchema });

/** GET /api/areas/{id}/installations/events/damage-summary */
export const areaDamageSummaryAnswerSchema = z.object({
  installations: z.array(z.object({ installation: damagedRefSchema, ropes: z.array(damagedRefSchema) })),
});
export type AreaDamageSummaryAnswer = z.infer<typeof areaDamageSummaryAnswerSchema>;
