import { z } from 'zod';
import { idSchema } from './common.ts';
import { EVENT_TYPES_BY_RECORDING, type RecordingType, ropeEventAttributesSchema } from './events.ts';
import { patchAttributesSchema } from './patch-schemas.ts';

export { allowsMutations } from './rope-kinds.ts';

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
      message: `Type ${attributes.type} is not a ${attributes.recordingType} type`,
    });
  }
  if (Date.parse(attributes.timestamp) > Date.now() + FUTURE_TOLERANCE_MS) {
    ctx.addIssue({ code: 'custom', path: ['attributes', 'timestamp'], message: 'The event cannot lie in the future' });
  }
  if (attributes.crossSectionLossAmount !== undefined && !attributes.crossSectionLossUnit) {
    ctx.addIssue({
      code: 'custom',
      path: ['attributes', 'crossSectionLossUnit'],
      message: 'A value needs to be selected for the field',
    });
  }
  if (
    (attributes.type === 'repairPiece' || attributes.type === 'sectionReplacement') &&
    (event.position === null || attributes.positionEnd === undefined)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['attributes', 'positionEnd'],
      message: 'A repair piece needs a start and an end position',
    });
  }
  if (
    attributes.recordingType === 'mutation' &&
    (attributes.type === 'shortening' || attributes.type === 'extension')
  ) {
    if (event.position === null)
      ctx.addIssue({ code: 'custom', path: ['position'], message: 'A value needs to be provided for the field' });
    if (attributes.lengthChange === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'lengthChange'],
        message: 'A value needs to be provided for the field',
      });
    } else if ((attributes.type === 'shortening') !== attributes.lengthChange < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'lengthChange'],
        message: 'A shortening is negative, an extension positive',
      });
    }
  }
  for (const [index, splice] of (attributes.splices ?? []).entries()) {
    if (splice.positionEnd < splice.positionStart) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'splices', index, 'positionEnd'],
        message: 'The splice ends before it starts',
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
