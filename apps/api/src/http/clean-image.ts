import { type MessageKey, message } from '@rope/domain/messages';
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
  { maxPixels, notAnImage }: { maxPixels: number; notAnImage: MessageKey },
) {
  const check = await checkImage(bytes, maxPixels);
  if (check.ok && check.width <= IMAGE_MAX_SIDE && check.height <= IMAGE_MAX_SIDE) return check;
  // The reason and the limits travel in the answer too, for integrators; the web shows the message by its key.
  const extra = { imageRefused: check.ok ? 'pixels' : check.reason, maxPixels, maxSide: IMAGE_MAX_SIDE };
  if (!check.ok && check.reason === 'type')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message(notAnImage), undefined, undefined, extra);
  if (!check.ok && (check.reason === 'damaged' || check.reason === 'trailing'))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      message(check.reason === 'damaged' ? 'app.errors.imageDamaged' : 'app.errors.imageTrailingData'),
      undefined,
      undefined,
      extra,
    );
  throw tooManyPixels(check.width ?? 0, check.height ?? 0, maxPixels);
}

/** 413 for an image over the pixel bound, naming its size and the limits (for integrators too). */
export function tooManyPixels(width: number, height: number, maxPixels: number): AppError {
  const pixels = { width, height, megapixels: maxPixels / 1_000_000, side: IMAGE_MAX_SIDE };
  const extra = { imageRefused: 'pixels', maxPixels, maxSide: IMAGE_MAX_SIDE };
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    message('app.errors.imageTooManyPixels', pixels),
    undefined,
    undefined,
    extra,
  );
}
