import { z } from 'zod';
import { isoDateTime, NAME_MAX_LENGTH } from '../common.ts';
import {
  ACTION_STATUSES,
  EVENT_TYPES,
  LOSS_UNITS,
  LUBRICANT_CONDITIONS,
  MUTATION_RELEVANCE,
  RECORDING_TYPES,
  SPLICE_PART_TYPES,
} from './kinds.ts';

/** An inspection file (docs/inspection-xml.md) is at most this large; the web checks before it sends one. */
export const INSPECTION_FILE_MAX_BYTES = 5 * 1024 * 1024;

export {
  ACTION_STATUSES,
  EVENT_TYPES,
  EVENT_TYPES_BY_RECORDING,
  type EventType,
  LOSS_UNITS,
  LUBRICANT_CONDITIONS,
  MUTATION_RELEVANCE,
  RECORDING_TYPES,
  type RecordingType,
  SPLICE_PART_TYPES,
} from './kinds.ts';

const position = z.number().finite().min(-1_000_000).max(1_000_000);
const count = z.number().int().min(0).max(999_999_999);
const diameter = z.number().finite().min(0).max(500);

export const splicePartSchema = z.object({
  name: z.string().trim().max(45),
  type: z.enum(SPLICE_PART_TYPES),
  position: position.optional(),
  length: z.number().finite().min(0).max(100_000).optional(),
  diameterMin: diameter.optional(),
  diameterMax: diameter.optional(),
  brokenWireCount: count.optional(),
  looseWireCount: count.optional(),
  isTouchingStrands: z.boolean().optional(),
  isCorrosion: z.boolean().optional(),
  lubricantCondition: z.enum(LUBRICANT_CONDITIONS).optional(),
  comment: z.string().max(65_536).optional(),
});
export type SplicePart = z.infer<typeof splicePartSchema>;

export const spliceSchema = z.object({
  positionStart: position,
  positionEnd: position,
  strandCount: count.optional(),
  knotCount: count.optional(),
  tuckTailCount: count.optional(),
  tuckTailEndCount: count.optional(),
  parts: z.array(splicePartSchema).max(200).default([]),
});
export type Splice = z.infer<typeof spliceSchema>;

export const ropeEventAttributesSchema = z.object({
  timestamp: isoDateTime,
  recordingType: z.enum(RECORDING_TYPES),
  type: z.enum(EVENT_TYPES),
  actionStatus: z.enum(ACTION_STATUSES).default('new'),
  isImported: z.boolean().default(false),
  damageCount: count.optional(),
  crossSectionLossAmount: z.number().finite().min(0).max(1_000_000).optional(),
  crossSectionLossUnit: z.enum(LOSS_UNITS).optional(),
  /** End of the affected range for repair pieces and section replacements, m. */
  positionEnd: position.optional(),
  /** Rope length change of a mutation, m (negative when shortened). */
  lengthChange: z.number().finite().min(-1_000_000).max(1_000_000).optional(),
  mutationRelevance: z.enum(MUTATION_RELEVANCE).optional(),
  operationHours: z.number().finite().min(0).max(999_999_999).optional(),
  bendingCycles: z.number().finite().min(0).max(999_999_999_999).optional(),
  /** How the damage was found: visually by a person or by magnetic rope testing. */
  detection: z.enum(['manual', 'mrt']).optional(),
  description: z.string().max(65_536).optional(),
  reportedBy: z.object({ name: z.string().max(NAME_MAX_LENGTH) }).optional(),
  splices: z.array(spliceSchema).max(50).optional(),
});
export type RopeEventAttributes = z.infer<typeof ropeEventAttributesSchema>;
