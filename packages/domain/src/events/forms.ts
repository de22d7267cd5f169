import { z } from 'zod';
import { idSchema } from '../common.ts';
import { ruleIssue } from '../messages.ts';
import { patchAttributesSchema } from '../patch-schemas.ts';
import { EVENT_TYPES_BY_RECORDING, type RecordingType, ropeEventAttributesSchema } from './schemas.ts';

export { allowsMutations } from '../ropes/kinds.ts';

/** Clock skew accepted for event times sent from a device. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

const eventFields = z.object({
  position: z.number().finite().min(-1_000_000).max(1_000_000).nullable().default(null),
  attributes: ropeEventAttributesSchema,
});

/** The rules of the event form, the same for a new event and a full edit. */
function checkEvent(event: z.infer<typeof eventFields>, ctx: z.RefinementCtx) {
  const { attributes } = event;
  const allowed = EVENT_TYPES_BY_RECORDING[attributes.recordingType as RecordingType] as readonly string[];
  if (!allowed.includes(attributes.type)) {
    ctx.addIssue({
      code: 'custom',
      path: ['attributes', 'type'],
      ...ruleIssue('events.validation.typeMismatch', {
        type: attributes.type,
        recordingType: attributes.recordingType,
      }),
    });
  }
  if (Date.parse(attributes.timestamp) > Date.now() + FUTURE_TOLERANCE_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['attributes', 'timestamp'],
      ...ruleIssue('events.validation.futureTimestamp'),
    });
  }
  if (attributes.crossSectionLossAmount !== undefined && !attributes.crossSectionLossUnit) {
    ctx.addIssue({
      code: 'custom',
      path: ['attributes', 'crossSectionLossUnit'],
      ...ruleIssue('validation.selectRequired'),
    });
  }
  if (
    (attributes.type === 'repairPiece' || attributes.type === 'sectionReplacement') &&
    (event.position === null || attributes.positionEnd === undefined)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['attributes', 'positionEnd'],
      ...ruleIssue('events.validation.repairPieceRange'),
    });
  }
  if (
    attributes.recordingType === 'mutation' &&
    (attributes.type === 'shortening' || attributes.type === 'extension')
  ) {
    if (event.position === null)
      ctx.addIssue({ code: 'custom', path: ['position'], ...ruleIssue('validation.required') });
    if (attributes.lengthChange === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'lengthChange'],
        ...ruleIssue('validation.required'),
      });
    } else if ((attributes.type === 'shortening') !== attributes.lengthChange < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'lengthChange'],
        ...ruleIssue('events.validation.lengthChangeSign'),
      });
    }
  }
  for (const [index, splice] of (attributes.splices ?? []).entries()) {
    if (splice.positionEnd < splice.positionStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'splices', index, 'positionEnd'],
        ...ruleIssue('events.validation.spliceEndsBeforeStart'),
      });
    }
  }
}

export const ropeEventBodySchema = eventFields.extend({ rope: z.object({ id: idSchema }) }).superRefine(checkEvent);
export type RopeEventBody = z.infer<typeof ropeEventBodySchema>;

/**
 * PATCH /events/{id}: any part of the event as GET answers it (read-only fields are ignored); attributes merge
 * key by key, null removes one. `{ actionStatus }` alone is the older form of `{ attributes: { actionStatus } }`.
 */
export const ropeEventPatchSchema = z.object({
  position: eventFields.shape.position.removeDefault().optional(),
  attributes: patchAttributesSchema(ropeEventAttributesSchema).optional(),
  isDeleted: z.boolean().optional(),
  actionStatus: ropeEventAttributesSchema.shape.actionStatus.unwrap().optional(),
});
export type RopeEventPatch = z.infer<typeof ropeEventPatchSchema>;

/** The event after a PATCH is merged: the rules of the form hold for it as for a new event. */
export const ropeEventMergedSchema = eventFields.extend({ isDeleted: z.boolean() }).superRefine(checkEvent);
