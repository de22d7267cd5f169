import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { imageRefusalText } from './image-refusal';

const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values ? JSON.stringify(values) : ''}`) as TFunction;

describe('imageRefusalText', () => {
  it('says why an image was refused in the user language, and leaves other failures alone', () => {
    const refused = (status: number, imageRefused: string) =>
      new ApiError(status, 'VALIDATION', 'x', undefined, { imageRefused, maxPixels: 16_000_000, maxSide: 20_000 });
    expect(imageRefusalText(t, refused(413, 'pixels'))).toBe('app.image.tooManyPixels{"megapixels":16,"side":20000}');
    expect(imageRefusalText(t, refused(415, 'trailing'))).toBe('app.image.notClean');
    expect(imageRefusalText(t, refused(415, 'type'))).toBe('app.image.type');
    expect(
      imageRefusalText(t, new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The picture may be at most 2 MB')),
    ).toBeUndefined();
  });
});
