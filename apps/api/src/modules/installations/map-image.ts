import { installations } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Upload, UploadRules } from '../../http/read-upload.ts';
import { assertWritable, findInstallation } from '../hierarchy/scope.ts';
import { toInstallationView } from './view.ts';

export const MAP_IMAGE_TYPES = ['image/jpeg', 'image/png'];

export const MAP_IMAGE_RULES: UploadRules = {
  maxBytes: 10 * 1024 * 1024,
  types: MAP_IMAGE_TYPES,
  label: 'map image',
  wrongType: 'The map image must be a JPEG or PNG file',
  /** Site plans up to 50 megapixels (e.g. 10000 x 5000), at most 20000 pixels a side. */
  maxPixels: 50_000_000,
};

/** Stores an uploaded site plan (checked by readUpload with MAP_IMAGE_RULES) as the installation's image map. */
export async function saveMapImage({
  ctx,
  actor,
  id,
  upload,
}: {
  ctx: AppContext;
  actor: Actor;
  id: number;
  upload: Upload;
}) {
  const { installation, area } = await findInstallation(ctx, actor, id);
  assertWritable([installation, area]);
  if (!upload.image) throw new Error('A map image upload is checked as an image first');
  const size = upload.image;
  const { key } = await ctx.storage.put(upload.bytes, {
    extension: upload.extension,
    prefix: 'maps',
    type: upload.type,
  });
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

/** The storage key of the installation's map image, if it has one; its viewers may load it. */
export async function findMapImageKey({ ctx, viewer, id }: { ctx: AppContext; viewer: Actor; id: number }) {
  const { installation } = await findInstallation(ctx, viewer, id);
  return installation.attributes.mapImageUri;
}
