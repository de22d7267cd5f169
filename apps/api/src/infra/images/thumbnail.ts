import sharp from 'sharp';
import { inImageSlot } from './image-slots.ts';

/** The longest side of a list thumbnail: 96 CSS pixels high in the gallery, sharp on a screen of twice the density. */
export const THUMBNAIL_SIDE = 320;

export const THUMBNAIL_TYPE = 'image/webp';

/**
 * A small upright WebP of an image for lists, without any of its metadata. The pixel bound holds before the image is
 * decoded; JPEGs are decoded shrunk already (libvips' shrink-on-load), so a 48-megapixel photo costs little.
 */
export async function makeThumbnail(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  return inImageSlot(() =>
    sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer(),
  );
}
