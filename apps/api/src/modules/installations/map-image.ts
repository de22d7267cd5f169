import { installations } from '@rope/db/schema/index';
import type { Actor } from '@rope/domain/permissions';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { imageSize } from '../../infra/image-size.ts';
import { assertWritable, findInstallation } from '../hierarchy/scope.ts';
import { toInstallationView } from './view.ts';

export const MAP_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
]);

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
  const type = await fileTypeFromBuffer(bytes);
  const extension = type && ACCEPTED.get(type.mime);
  if (!type || !extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The map image must be a JPEG or PNG file');
  const size = imageSize(bytes);
  if (!size || size.width > 20_000 || size.height > 20_000) {
    throw new AppError('VALIDATION', 'The image size cannot be read or is larger than 20000 pixels');
  }
  const key = await ctx.storage.put(bytes, { extension, prefix: 'maps' });
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
