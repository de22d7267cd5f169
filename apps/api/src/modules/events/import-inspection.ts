import type { RopeEventBody } from '@rope/domain/events/forms';
import { message } from '@rope/domain/messages';
import { AppError } from '../../http/app-error.ts';
import type { ActionArgs } from '../action-args.ts';
import { insertEvents, writableRope } from './create.ts';

export interface InspectionImport {
  ropeEvent: RopeEventBody;
  damages: RopeEventBody[];
}

/**
 * Saves a reviewed inspection import (`POST /events/import/parse` answered it): the measurement and the damages it
 * found, in ONE transaction: all or nothing, the rope's damage recomputed once. Every part lies on the
 * measurement's rope; the measurement is a measurement and the damages are damages.
 */
export async function importInspection({ ctx, actor, input }: ActionArgs<InspectionImport>) {
  const ropeId = input.ropeEvent.rope.id;
  const parts = message('app.errors.inspectionImportParts');
  if (input.ropeEvent.attributes.recordingType !== 'measurement') {
    throw new AppError('VALIDATION', parts, { 'ropeEvent.attributes.recordingType': parts });
  }
  for (const [index, damage] of input.damages.entries()) {
    if (damage.rope.id !== ropeId || damage.attributes.recordingType !== 'damage') {
      throw new AppError('VALIDATION', parts, { [`damages.${index}`]: parts });
    }
  }
  const place = await writableRope(ctx, actor, ropeId);
  const saved = await ctx.db.transaction((tx) =>
    insertEvents(tx, ctx, actor, place, [input.ropeEvent, ...input.damages]),
  );
  return {
    ropeEvent: { id: saved.ids[0]! },
    damages: saved.ids.slice(1).map((id) => ({ id })),
    ropeChanged: saved.ropeChanged,
  };
}
