import type { ropeEvents } from '@rope/db/schema/index';
import { ropeEventAttributesSchema } from '@rope/domain/events';
import { z } from 'zod';

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

type EventRow = typeof ropeEvents.$inferSelect;

export function toEventView(row: EventRow, documentCount = 0): RopeEventView {
  return {
    id: row.id,
    rope: { id: row.ropeId },
    position: row.position,
    attributes: row.attributes,
    isDeleted: row.isDeleted,
    documentCount,
    createdAt: row.createdAt.toISOString(),
  };
}
