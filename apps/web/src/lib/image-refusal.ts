import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** The server's refusal of an uploaded image (apps/api http/clean-image.ts) in the user's language, if it is one. */
export function imageRefusalText(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const body = error.body as { imageRefused?: string; maxPixels?: number; maxSide?: number };
  if (!body.imageRefused) return undefined;
  if (body.imageRefused === 'pixels')
    return t('app.image.tooManyPixels', { megapixels: (body.maxPixels ?? 0) / 1_000_000, side: body.maxSide });
  return t(body.imageRefused === 'type' ? 'app.image.type' : 'app.image.notClean');
}
