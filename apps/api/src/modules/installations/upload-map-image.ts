import { installations } from '@rope/db/schema/index';
import { eq } from 'drizzle-orm';
import { assertCan } from '../../http/guards.ts';
import type { Upload, UploadRules } from '../../http/read-upload.ts';
import { uprightUpload } from '../../http/upright-upload.ts';
import { assertWritable } from '../../tenancy/scope.ts';
import type { ActionArgs } from '../action-args.ts';
import { findInstallation } from './internal.ts';
import { toInstallationView } from './view.ts';

export const MAP_IMAGE_TYPES = ['image/jpeg', 'image/png'];

export const MAP_IMAGE_RULES: UploadRules = {
  maxBytes: 10 * 1024 * 1024,
  types: MAP_IMAGE_TYPES,
  messages: {
    notMultipart: 'app.errors.mapImageNotMultipart',
    missing: 'app.errors.mapImageMissing',
    tooLarge: 'app.errors.mapImageTooLarge',
    wrongType: 'app.errors.mapImageWrongType',
  },
  /** Site plans up to 50 megapixels (e.g. 10000 x 5000), at most 20000 pixels a side. */
  maxPixels: 50_000_000,
};

export interface MapImageUpload {
  id: number;
  /** Reads the file (readUpload with MAP_IMAGE_RULES) only once the caller may upload, so a refusal buffers nothing. */
  readFile: () => Promise<Upload>;
}

/** Stores an uploaded site plan as the installation's image map. */
export async function uploadMapImage({ ctx, actor, input }: ActionArgs<MapImageUpload>) {
  assertCan(actor, 'AREA_PARTIAL_EDIT');
  const { installation, area } = await findInstallation(ctx, actor, input.id);
  assertWritable([installation, area]);
  const upload = await input.readFile();
  // A plan photographed on site is stored upright, its size as drawn: the map's coordinates are in its pixels.
  const image = await uprightUpload(upload.bytes, {
    maxPixels: MAP_IMAGE_RULES.maxPixels!,
    metadata: ctx.env.IMAGE_METADATA,
  });
  const { key } = await ctx.storage.put(image.bytes, {
    extension: upload.extension,
    prefix: 'maps',
    type: upload.type,
  });
  const previous = installation.attributes.mapImageUri;
  const attributes = {
    ...installation.attributes,
    mapImageUri: key,
    mapImageWidth: image.width,
    mapImageHeight: image.height,
    isMap: true,
  };
  const [row] = await ctx.db
    .update(installations)
    .set({ attributes, updatedAt: new Date() })
    .where(eq(installations.id, installation.id))
    .returning();
  if (previous && previous !== key) await ctx.storage.remove(previous).catch(() => {});
  return { installation: toInstallationView(row!) };
}
