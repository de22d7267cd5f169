import { z } from 'zod';
import { ropeEventAttributesSchema } from '../events.ts';

/** A rope's events list searches their attributes for at most this many characters. */
export const EVENT_SEARCH_MAX_LENGTH = 200;

/** A rope event as GET /api/ropes/{id}/events and /api/events/{id} answer it. */
export const ropeEventViewSchema = z.object({
  id: z.number(),
  rope: z.object({ id: z.number() }),
  position: z.number().nullable(),
  attributes: ropeEventAttributesSchema,
  isDeleted: z.boolean(),
  documentCount: z.number(),
  createdAt: z.string(),
});
export type RopeEventView = z.infer<typeof ropeEventViewSchema>;
