import { z } from 'zod';
import { ropeEventAttributesSchema } from '../events.ts';

/** A rope's events list searches their attributes for at most this many characters. */
export const EVENT_SEARCH_MAX_LENGTH = 200;
/** The latest events (dashboard, installation page): this many unless the call asks for up to the maximum. */
export const LATEST_EVENTS_DEFAULT_LIMIT = 10;
export const LATEST_EVENTS_MAX_LIMIT = 100;

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
