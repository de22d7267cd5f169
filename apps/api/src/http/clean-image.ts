import { checkImage } from '../infra/check-image.ts';
import { AppError } from './app-error.ts';

/** The largest side an image may have: the map's stored size is bounded to it too. */
export const IMAGE_MAX_SIDE = 20_000;

/**
 * The checked image, or the 4xx that says why it is refused: not a JPEG or PNG, not a complete one, data after its
 * end (415), more pixels than the limit (413).
 */
export async function requireCleanImage(
  bytes: Buffer,
  { maxPixels, notAnImage }: { maxPixels: number; notAnImage: string },
) {
  const check = await checkImage(bytes, maxPixels);
  if (check.ok && check.width <= IMAGE_MAX_SIDE && check.height <= IMAGE_MAX_SIDE) return check;
  // The reason and the limits travel in the answer too, so the web can say it in the user's language.
  const extra = { imageRefused: check.ok ? 'pixels' : check.reason, maxPixels, maxSide: IMAGE_MAX_SIDE };
  if (!check.ok && check.reason === 'type')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', notAnImage, undefined, undefined, extra);
  if (!check.ok && check.reason === 'damaged')
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${notAnImage}; this one is damaged or incomplete`,
      undefined,
      undefined,
      extra,
    );
  if (!check.ok && check.reason === 'trailing')
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${notAnImage}; this one has other data after the image`,
      undefined,
      undefined,
      extra,
    );
  const megapixels = maxPixels / 1_000_000;
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    `The image has ${check.width} x ${check.height} pixels; at most ${megapixels} megapixels and ${IMAGE_MAX_SIDE} pixels a side are accepted`,
    undefined,
    undefined,
    extra,
  );
}
