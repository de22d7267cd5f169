import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { cleanOldPhotos, PER_RUN } from './clean-old-photos.ts';
import { cleanOldPicturesAndMaps } from './clean-old-pictures-and-maps.ts';

const HOURLY = 3_600_000;

/**
 * Cleans the photos, then the profile pictures and installation maps, stored before uploads were cleaned; at each
 * start and hourly, so a run stopped midway goes on. One run handles PER_RUN images at most.
 */
export const cleanOldPhotosJob = defineJob({
  queue: 'maintenance',
  name: 'clean-old-photos',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: () => HOURLY,
  handle: async (ctx) => {
    const photos = await cleanOldPhotos(ctx);
    const handled = photos.cleaned + photos.unchanged + photos.unreadable;
    if (handled < PER_RUN) await cleanOldPicturesAndMaps(ctx, PER_RUN - handled);
  },
});
