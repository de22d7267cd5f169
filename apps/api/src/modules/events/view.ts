import type { ropeEvents } from '@rope/db/schema/index';
import { type RopeEventView, ropeEventViewSchema } from '@rope/domain/views/events';

export type { RopeEventView };
export { ropeEventViewSchema };

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
