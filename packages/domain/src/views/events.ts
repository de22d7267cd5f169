import { z } from 'zod';
import { ropeEventAttributesSchema } from '../events.ts';

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
