import { documents } from '@rope/db/schema/index';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { uprightUpload } from '../../http/upright-upload.ts';
import { DamagedStructure, METADATA_REMOVED_IN_PLACE } from '../../infra/images/metadata-in-place.ts';
import { readStored } from '../../infra/storage/types.ts';
import { DOCUMENT_IMAGE_MAX_PIXELS } from './store-file.ts';

type Ctx = Pick<AppContext, 'db' | 'env' | 'storage' | 'log'>;

/** Read a batch at a time, a file at a time (a photo is read whole). */
const BATCH = 20;
/** One run cleans at most this many, so a job stays short; the next hour's run goes on where it stopped. */
export const PER_RUN = 500;

/**
 * Photos stored before uploads were cleaned (migration 0023 marks them): each stored file is turned upright and
 * cleaned of its location and camera data as an upload is now, stored under a new key, and the old file removed, so a
 * position a phone wrote is no longer served to whoever sees the event. Nothing happens while IMAGE_METADATA=keep.
 * A file that cannot be read as an image stays as it was (it is served as before) and loses its mark.
 */
export async function cleanOldPhotos(ctx: Ctx): Promise<{ cleaned: number; unchanged: number; unreadable: number }> {
  const counts = { cleaned: 0, unchanged: 0, unreadable: 0 };
  if (ctx.env.IMAGE_METADATA !== 'strip') return counts;
  for (let done = 0; done < PER_RUN; done += BATCH) {
    const batch = await ctx.db
      .select({ id: documents.id, storageKey: documents.storageKey, mimeType: documents.mimeType })
      .from(documents)
      .where(eq(documents.storedUncleaned, true))
      .orderBy(asc(documents.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const row of batch) counts[await cleanOne(ctx, row)] += 1;
  }
  if (counts.cleaned + counts.unreadable > 0) ctx.log.info(counts, 'photos stored before cleaning: cleaned');
  return counts;
}

async function cleanOne(
  ctx: Ctx,
  row: { id: number; storageKey: string; mimeType: string },
): Promise<'cleaned' | 'unchanged' | 'unreadable'> {
  const unmark = (storageKey = row.storageKey, size?: number) =>
    ctx.db
      .update(documents)
      .set({ storedUncleaned: false, storageKey, ...(size === undefined ? {} : { size }) })
      .where(and(eq(documents.id, row.id), eq(documents.storageKey, row.storageKey)))
      .returning({ id: documents.id });
  const original = await readStored(ctx.storage, row.storageKey);
  const cleaned = original ? await cleanBytes(row.mimeType, original) : undefined;
  if (!cleaned) {
    if (original) ctx.log.warn({ document: row.id }, 'a photo stored before cleaning cannot be read; left as it was');
    await unmark();
    return 'unreadable';
  }
  if (!cleaned.changed) {
    await unmark();
    return 'unchanged';
  }
  const extension = row.storageKey.includes('.') ? row.storageKey.split('.').at(-1) : undefined;
  const object = await ctx.storage.put(cleaned.bytes, { prefix: 'documents', extension, type: row.mimeType });
  // Only if the document still holds the old file: removed or replaced meanwhile, the new file goes instead.
  const [updated] = await unmark(object.key, object.size);
  await ctx.storage.remove(updated ? row.storageKey : object.key);
  return updated ? 'cleaned' : 'unchanged';
}

async function cleanBytes(mimeType: string, bytes: Buffer): Promise<{ bytes: Buffer; changed: boolean } | undefined> {
  try {
    const inPlace = METADATA_REMOVED_IN_PLACE[mimeType];
    if (inPlace) return inPlace(bytes);
    return await uprightUpload(bytes, { maxPixels: DOCUMENT_IMAGE_MAX_PIXELS, metadata: 'strip' });
  } catch (error) {
    if (error instanceof AppError || error instanceof DamagedStructure) return undefined;
    throw error;
  }
}
