import { installations } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { requireCleanImage } from '../../http/clean-image.ts';
import { assertWritable, findInstallation } from '../hierarchy/scope.ts';
import { toInstallationView } from './view.ts';

export const MAP_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Site plans up to 50 megapixels (e.g. 10000 x 5000), at most 20000 pixels a side. */
export const MAP_IMAGE_MAX_PIXELS = 50_000_000;

/** Stores an uploaded site plan (jpeg or png, checked by content) as the installation's image map. */
export async function saveMapImage({
  ctx,
  actor,
  id,
  bytes,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  bytes: Buffer;
}) {
  const { installation, area } = await findInstallation(ctx, actor, id);
  assertWritable([installation, area]);
  const image = await requireCleanImage(bytes, {
    maxPixels: MAP_IMAGE_MAX_PIXELS,
    notAnImage: 'The map image must be a JPEG or PNG file',
  });
  const size = { width: image.width, height: image.height };
  const key = await ctx.storage.put(bytes, { extension: image.extension, prefix: 'maps' });
  const previous = installation.attributes.mapImageUri;
  const attributes = {
    ...installation.attributes,
    mapImageUri: key,
    mapImageWidth: size.width,
    mapImageHeight: size.height,
    isMap: true,
  };
  const [row] = await ctx.db
    .update(installations)
    .set({ attributes, updatedAt: new Date() })
    .where(eq(installations.id, id))
    .returning();
  if (previous && previous !== key) await ctx.storage.remove(previous).catch(() => {});
  return toInstallationView(row!);
}

export async function readMapImage({ ctx, viewer, id }: { ctx: AppContext; viewer: Actor; id: number }) {
  const { installation } = await findInstallation(ctx, viewer, id);
  const key = installation.attributes.mapImageUri;
  if (!key || !(await ctx.storage.exists(key))) throw notFound('This installation has no map image');
  return { bytes: await ctx.storage.get(key), mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}
