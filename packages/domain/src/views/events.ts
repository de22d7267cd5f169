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

/**
 * An event with where it belongs, as the dashboard's and the installation's last events answer it. The rope's
 * positionOffset comes along so the lists show datum positions as the rope's own table does (datumPosition).
 */
export const placedEventViewSchema = ropeEventViewSchema.extend({
  rope: z.object({ id: z.number(), name: z.string(), positionOffset: z.number() }),
  installation: z.object({ id: z.number(), name: z.string() }),
  area: z.object({ id: z.number(), name: z.string() }),
});
export type PlacedEventView = z.infer<typeof placedEventViewSchema>;
