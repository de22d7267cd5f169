import { z } from 'zod';
import { defineJob } from '../../infra/queue/define.ts';
import { cleanOldPhotos } from './clean-old-photos.ts';

const HOURLY = 3_600_000;

/** Cleans the photos stored before uploads were cleaned; at each start and hourly, so a run stopped midway goes on. */
export const cleanOldPhotosJob = defineJob({
  queue: 'maintenance',
  name: 'clean-old-photos',
  payload: z.strictObject({}),
  maxAttempts: 3,
  every: () => HOURLY,
  handle: async (ctx) => {
    await cleanOldPhotos(ctx);
  },
});
