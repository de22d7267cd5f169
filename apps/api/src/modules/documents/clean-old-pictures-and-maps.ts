import { appMeta, installations, users } from '@rope/db/schema/index';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { uprightUpload } from '../../http/upright-upload.ts';
import { readStored } from '../../infra/storage/types.ts';
import { MAP_IMAGE_RULES } from '../installations/index.ts';
import { PICTURE_RULES, pictureKeyOf, pictureUriFor } from '../users/index.ts';

type Ctx = Pick<AppContext, 'db' | 'env' | 'storage' | 'log'>;

/** Where the pass has got to, in app_meta: the last user and installation looked at, and whether it is through. */
const PROGRESS_KEY = 'pictures-and-maps-cleaned';
type Progress = { user: number; installation: number; done: boolean };
const BATCH = 20;

export type Outcome = 'cleaned' | 'unchanged' | 'unreadable';

/**
 * Profile pictures and installation maps stored before uploads were cleaned, looked at once each: turned upright and
 * cleaned of location and camera data as an upload is now (a map keeps its drawing; its size is that of the upright
 * image, as an upload's is), stored under a new key, the old file removed. What was uploaded since is already clean
 * and stays as it is. The pass keeps its place in app_meta, so a run stopped midway goes on where it was, and ends
 * once every user and installation has been looked at. Nothing happens while IMAGE_METADATA=keep.
 */
export async function cleanOldPicturesAndMaps(ctx: Ctx, limit: number): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { cleaned: 0, unchanged: 0, unreadable: 0 };
  if (ctx.env.IMAGE_METADATA !== 'strip') return counts;
  const progress = await readProgress(ctx);
  if (progress.done) return counts;
  let seen = 0;
  while (seen < limit) {
    const pictures = await ctx.db
      .select({ id: users.id, pictureUri: users.pictureUri })
      .from(users)
      .where(and(gt(users.id, progress.user), isNotNull(users.pictureUri)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const row of pictures) {
      counts[await cleanPicture(ctx, row.id, row.pictureUri!)] += 1;
      progress.user = row.id;
    }
    const maps =
      pictures.length > 0
        ? []
        : await ctx.db
            .select({ id: installations.id, key: sql<string>`${installations.attributes}->>'mapImageUri'` })
            .from(installations)
            .where(and(gt(installations.id, progress.installation), sql`${installations.attributes} ? 'mapImageUri'`))
            .orderBy(asc(installations.id))
            .limit(BATCH);
    for (const row of maps) {
      counts[await cleanMap(ctx, row.id, row.key)] += 1;
      progress.installation = row.id;
    }
    seen += pictures.length + maps.length;
    if (pictures.length === 0 && maps.length === 0) progress.done = true;
    await saveProgress(ctx, progress);
    if (progress.done) break;
  }
  if (counts.cleaned + counts.unreadable > 0) ctx.log.info(counts, 'pictures and maps stored before cleaning: cleaned');
  return counts;
}

async function readProgress(ctx: Ctx): Promise<Progress> {
  const [row] = await ctx.db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, PROGRESS_KEY));
  const value = row?.value as Partial<Progress> | undefined;
  return { user: Number(value?.user ?? 0), installation: Number(value?.installation ?? 0), done: value?.done === true };
}

async function saveProgress(ctx: Ctx, progress: Progress) {
  await ctx.db
    .insert(appMeta)
    .values({ key: PROGRESS_KEY, value: progress })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: progress } });
}

async function cleanPicture(ctx: Ctx, userId: number, pictureUri: string): Promise<Outcome> {
  const key = pictureKeyOf(pictureUri);
  const cleaned = key ? await cleanStored(ctx, key, PICTURE_RULES.maxPixels!) : undefined;
  if (!key || !cleaned) return 'unreadable';
  if (!cleaned.changed) return 'unchanged';
  const { key: newKey } = await ctx.storage.put(cleaned.bytes, { prefix: 'pictures', type: cleaned.type });
  // Only if the user still has that picture: replaced or removed meanwhile, the new file goes instead.
  const [updated] = await ctx.db
    .update(users)
    .set({ pictureUri: pictureUriFor(userId, newKey) })
    .where(and(eq(users.id, userId), eq(users.pictureUri, pictureUri)))
    .returning({ id: users.id });
  await ctx.storage.remove(updated ? key : newKey);
  return updated ? 'cleaned' : 'unchanged';
}

async function cleanMap(ctx: Ctx, installationId: number, key: string): Promise<Outcome> {
  const cleaned = await cleanStored(ctx, key, MAP_IMAGE_RULES.maxPixels!);
  if (!cleaned) return 'unreadable';
  if (!cleaned.changed) return 'unchanged';
  const { key: newKey } = await ctx.storage.put(cleaned.bytes, {
    prefix: 'maps',
    extension: cleaned.type === 'image/png' ? 'png' : 'jpg',
    type: cleaned.type,
  });
  const [updated] = await ctx.db
    .update(installations)
    .set({
      attributes: sql`${installations.attributes} || ${JSON.stringify({
        mapImageUri: newKey,
        mapImageWidth: cleaned.width,
        mapImageHeight: cleaned.height,
      })}::jsonb`,
    })
    .where(and(eq(installations.id, installationId), sql`${installations.attributes}->>'mapImageUri' = ${key}`))
    .returning({ id: installations.id });
  await ctx.storage.remove(updated ? key : newKey);
  return updated ? 'cleaned' : 'unchanged';
}

/** The stored image upright and without its metadata, or undefined when it is missing or cannot be read as one. */
async function cleanStored(ctx: Ctx, key: string, maxPixels: number) {
  const original = await readStored(ctx.storage, key);
  if (!original) return undefined;
  const type = original[0] === 0x89 ? 'image/png' : original[0] === 0xff ? 'image/jpeg' : undefined;
  if (!type) return undefined;
  try {
    return { ...(await uprightUpload(original, { maxPixels, metadata: 'strip' })), type };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ key }, 'a picture or map stored before cleaning cannot be read; left as it was');
    return undefined;
  }
}
