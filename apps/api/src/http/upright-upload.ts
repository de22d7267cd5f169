import { type Message, message } from '@rope/domain/messages';
import {
  type ImageMetadataPolicy,
  ImageRefused,
  type UprightImage,
  uprightImage,
} from '../infra/images/upright-image.ts';
import { AppError } from './app-error.ts';
import { IMAGE_MAX_SIDE, tooManyPixels } from './clean-image.ts';

/** An uploaded photo turned upright and cleaned (infra/images), or the 4xx that says why it cannot be: 413 or 415. */
export async function uprightUpload(
  bytes: Buffer,
  {
    maxPixels,
    metadata,
    damaged = message('app.errors.imageDamaged'),
  }: { maxPixels: number; metadata: ImageMetadataPolicy; damaged?: Message },
): Promise<UprightImage> {
  try {
    return await uprightImage(bytes, { maxPixels, maxSide: IMAGE_MAX_SIDE, metadata });
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    if (error.reason === 'pixels') throw tooManyPixels(error.width, error.height, maxPixels);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', damaged, undefined, undefined, { imageRefused: 'damaged' });
  }
}
