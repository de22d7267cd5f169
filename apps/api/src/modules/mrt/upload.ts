import type { Multipart } from '@fastify/multipart';
import { ropeEventHistory, ropeEvents, ropes, truscanMeasurements } from '@rope/db/schema/index';
import { safeDocumentName, UPLOAD_NEEDS_FILES } from '@rope/domain/documents/schemas';
import { message } from '@rope/domain/messages';
import { MEA_MAX_FILES_PER_UPLOAD } from '@rope/domain/mrt/mea/format';
import type { MeaUploadAnswer } from '@rope/domain/mrt/schemas';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { assertCan } from '../../http/guards.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { refreshRopeDamage } from '../damage/index.ts';
import { columnsOf, emitRopeEventWebhooks } from '../events/index.ts';
import { enqueueEventTrigger, hasNotificationRules } from '../notification-triggers/index.ts';
import { findRope } from '../ropes/index.ts';
import { publishTruscanState } from '../truscan/index.ts';
import { emitWebhookEvent, linksOf } from '../webhooks/index.ts';
import { toMeasurementView } from './measurement-view.ts';
import { measurementAttributes } from './read-mea-file.ts';
import { type StoredMea, storeMea, TRACE_BLOCK_SIZE } from './trace-store.ts';
import { recordLastMeasurement } from './truscan-state.ts';

export interface UploadMeaInput {
  ropeId: number;
  parts: AsyncIterable<Multipart>;
}

/** Multipart limits of the upload itself: the files' count and size; fields are not read. */
export const meaUploadLimits = (maxBytes: number) => ({
  files: MEA_MAX_FILES_PER_UPLOAD,
  fileSize: maxBytes,
  fields: 10,
  fieldSize: 1024,
});

/**
 * TRUscan files of a rope, each an MRT measurement event (docs/truscan-mea.md). The rope and the right are checked
 * before a byte is read; every file streams to storage with its trace, judged by its header first and its length and checksum at its end; one refused file refuses the
 * upload and leaves nothing behind. The same file again (by SHA-256) answers its earlier measurement.
 */
export async function uploadTruscanFiles(args: ActionArgs<UploadMeaInput>): Promise<MeaUploadAnswer> {
  const { ctx, actor, input } = args;
  assertCan(actor, 'DOMAIN_WRITE', 'DATA_IMPORT');
  const { rope, installation, area } = await findRope(ctx, actor, input.ropeId);
  assertWritable([rope, installation, area]);
  const maxBytes = ctx.env.TRUSCAN_FILE_MAX_MB * 1024 * 1024;
  const stored: StoredMea[] = [];
  const removeStored = (files: StoredMea[]) =>
    Promise.all(
      files.flatMap((file) => [file.fileObject.key, file.traceObject.key].map((key) => ctx.storage.remove(key))),
    ).catch(() => {});
  try {
    for await (const part of input.parts) {
      if (part.type === 'field') continue;
      const incoming = {
        name: safeDocumentName(part.filename),
        pieces: part.file,
        truncated: () => part.file.truncated,
      };
      stored.push(await storeMea(ctx, incoming, maxBytes));
    }
  } catch (error) {
    await removeStored(stored);
    throw asUploadError(error);
  }
  if (stored.length === 0) throw new AppError('VALIDATION', UPLOAD_NEEDS_FILES, { files: UPLOAD_NEEDS_FILES });
  const positionOffset = rope.attributes.positionOffset ?? 0;
  const duplicates: StoredMea[] = [];
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      // Uploads to one rope take turns, so the same file sent twice at once makes one measurement; a rope deleted
      // meanwhile is gone like any missing one (and the files stored for it are removed below).
      const [locked] = await tx.select({ id: ropes.id }).from(ropes).where(eq(ropes.id, rope.id)).for('no key update');
      if (!locked) throw notFound(message('app.errors.noSuchRope'));
      const measurements = [];
      for (const file of stored) {
        const [earlier] = await tx
          .select()
          .from(truscanMeasurements)
          .where(
            and(eq(truscanMeasurements.ropeId, rope.id), eq(truscanMeasurements.checksum, file.fileObject.checksum)),
          );
        if (earlier) {
          duplicates.push(file);
          measurements.push(toMeasurementView(earlier, positionOffset, false));
          continue;
        }
        const { header } = file.file;
        const attributes = measurementAttributes(header);
        const [event] = await tx
          .insert(ropeEvents)
          .values({ ropeId: rope.id, createdByUserId: actor.userId, ...columnsOf(null, attributes) })
          .returning({ id: ropeEvents.id });
        await tx
          .insert(ropeEventHistory)
          .values({ eventId: event!.id, userId: actor.userId, action: 'create', position: null, attributes });
        const [row] = await tx
          .insert(truscanMeasurements)
          .values({
            eventId: event!.id,
            ropeId: rope.id,
            fileName: file.file.name,
            fileKey: file.fileObject.key,
            traceKey: file.traceObject.key,
            checksum: file.fileObject.checksum,
            size: file.fileObject.size,
            bitDepth: header.bitDepth,
            channelCount: header.channelCount,
            sampleCount: header.sampleCount,
            sampleSpacingUm: header.sampleSpacingUm,
            startPositionMm: header.startPositionMm,
            ropeSpeedMmPerS: header.ropeSpeedMmPerS,
            recordedAt: new Date(header.recordedAt * 1000),
            bendingCycles: header.bendingCycles,
            scale: header.scale,
            blockSize: TRACE_BLOCK_SIZE,
            analysis: file.analysis,
            createdByUserId: actor.userId,
          })
          .returning();
        if (hasNotificationRules(installation))
          await enqueueEventTrigger(tx, ctx, {
            id: event!.id,
            ropeId: rope.id,
            recordingType: attributes.recordingType,
            type: attributes.type,
          });
        const view = toMeasurementView(row!, positionOffset, true);
        measurements.push(view);
        const created = { id: event!.id, position: null, isDeleted: false, attributes };
        await emitRopeEventWebhooks(tx, ctx, 'created', { rope, installation }, [created]);
        await emitWebhookEvent(tx, ctx, {
          type: 'truscan.measurement_received',
          key: String(row!.id),
          place: { ropeId: rope.id },
          objects: {
            measurement: { id: row!.id, ...view, links: linksOf(ctx, { api: `/events/${event!.id}/mrt-trace` }) },
          },
        });
      }
      const newest = stored
        .filter((file) => !duplicates.includes(file))
        .map((file) => file.file.header)
        .sort((a, b) => b.recordedAt - a.recordedAt)[0];
      const truscanChanged = newest ? await recordLastMeasurement(tx, rope.id, newest) : false;
      const ropeChanged = await refreshRopeDamage(tx, ctx, rope.id, installation);
      return { answer: { measurements, ropeChanged }, truscanChanged };
    });
    await removeStored(duplicates);
    if (answer.truscanChanged) await publishTruscanState(ctx, rope.id);
    return answer.answer;
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}

/** The multipart parser's own limits, said in the answer's words. */
function asUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', message('app.errors.documentTooMany', { max: MEA_MAX_FILES_PER_UPLOAD }));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('VALIDATION', message('app.errors.uploadTooManyFields'));
  return error;
}
