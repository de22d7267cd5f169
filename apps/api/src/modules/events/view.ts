import { documents, ropeEvents } from '@rope/db/schema/index';
import { placedEventViewSchema, type RopeEventView, ropeEventViewSchema } from '@rope/domain/events/views';
import { sql } from 'drizzle-orm';

export type { RopeEventView };
export { placedEventViewSchema, ropeEventViewSchema };

type EventRow = typeof ropeEvents.$inferSelect;

/**
 * The one source of an event's document count: every query that answers events selects it. The event's id is
 * qualified by hand: in a query without joins Drizzle prints it as a bare "id", which the subquery reads as d.id.
 */
export const eventDocumentCount = sql<number>`(select count(*)::int from ${documents} d
  where d.target_type = 'event' and d.target_id = ${ropeEvents}.${sql.identifier(ropeEvents.id.name)})`;

export function toEventView(row: EventRow, documentCount: number): RopeEventView {
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
