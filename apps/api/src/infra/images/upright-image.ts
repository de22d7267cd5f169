import sharp from 'sharp';
import { inImageSlot } from './image-slots.ts';

// A server decodes one upload at a time per request; libvips' operation cache would only hold decoded photos in memory.
sharp.cache(false);

/** What happens to location, camera and other EXIF, XMP and IPTC data of an uploaded photo (IMAGE_METADATA). */
export type ImageMetadataPolicy = 'strip' | 'keep';

/** The image types that are turned upright and cleaned; TIFF and GIF are cleaned in place (metadata-in-place.ts). */
export const UPRIGHTED_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export interface UprightImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** False when the bytes are the upload's own: already upright and nothing to strip. */
  changed: boolean;
}

/** Why an image was not processed: more pixels than the bound (by its header, nothing decoded), or not readable. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'pixels' | 'damaged',
    readonly width = 0,
    readonly height = 0,
  ) {
    super(reason === 'pixels' ? `The image has ${width} x ${height} pixels` : 'The image cannot be read');
    this.name = 'ImageRefused';
  }
}

/** A JPEG's quality when it must be written again: a damage photo is evidence, so close to the camera's own. */
const JPEG_QUALITY = 92;

/**
 * The photo as it is meant to be seen: turned by its EXIF orientation (a phone stores portraits sideways), and
 * without its location, camera and other metadata unless the policy keeps them (the colour profile stays). The pixel
 * bound holds before anything is decoded. An image that needs neither keeps its bytes, so scans and plans are never
 * compressed again.
 */
export function uprightImage(
  bytes: Buffer,
  options: { maxPixels: number; maxSide: number; metadata: ImageMetadataPolicy },
): Promise<UprightImage> {
  return inImageSlot(() => uprightNow(bytes, options));
}

async function uprightNow(
  bytes: Buffer,
  { maxPixels, maxSide, metadata }: { maxPixels: number; maxSide: number; metadata: ImageMetadataPolicy },
): Promise<UprightImage> {
  const input = { limitInputPixels: maxPixels, failOn: 'error' as const };
  // The header alone, nothing decoded: the bound is judged here with the real size in the refusal.
  const info = await sharp(bytes, { limitInputPixels: false, failOn: 'error' })
    .metadata()
    .catch(() => {
      throw new ImageRefused('damaged');
    });
  const width = info.autoOrient?.width ?? info.width;
  const height = info.autoOrient?.height ?? info.height;
  if (!width || !height) throw new ImageRefused('damaged');
  if (width * height > maxPixels || Math.max(width, height) > maxSide) throw new ImageRefused('pixels', width, height);
  const turned = (info.orientation ?? 1) !== 1;
  const carries = Boolean(info.exif || info.xmp || info.iptc);
  const animated = (info.pages ?? 1) > 1;
  if (!turned && !(carries && metadata === 'strip')) return { bytes, width, height, changed: false };
  if (animated) {
    // Frames are not turned one by one here: an animation keeps its orientation, and its metadata unless stripped.
    const frameHeight = info.pageHeight ?? info.height;
    if (metadata === 'keep' || !carries) return { bytes, width: info.width, height: frameHeight, changed: false };
    const pages = info.pages ?? 1;
    if (info.width * frameHeight * pages > maxPixels) throw new ImageRefused('pixels', info.width, frameHeight * pages);
    const cleaned = await sharp(bytes, { ...input, animated: true, limitInputPixels: false })
      .keepIccProfile()
      .webp({ lossless: true })
      .toBuffer()
      .catch(() => {
        throw new ImageRefused('damaged');
      });
    return { bytes: cleaned, width: info.width, height: frameHeight, changed: true };
  }
  let pipeline = sharp(bytes, input).autoOrient();
  pipeline = metadata === 'keep' ? pipeline.keepMetadata() : pipeline.keepIccProfile();
  const encoded =
    info.format === 'png'
      ? pipeline.png()
      : info.format === 'webp'
        ? pipeline.webp({ quality: JPEG_QUALITY })
        : pipeline.jpeg({ quality: JPEG_QUALITY });
  const output = await encoded.toBuffer({ resolveWithObject: true }).catch(() => {
    throw new ImageRefused('damaged');
  });
  return { bytes: output.data, width: output.info.width, height: output.info.height, changed: true };
}
