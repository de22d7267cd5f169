import type { RopeEventAttributes } from '@rope/domain/events/schemas';
import type { OutboxEntry } from '../../lib/device-store';

/** A new event of a rope as the device's queue holds it (the body of POST /api/events). */
export interface PendingEvent {
  position: number | null;
  attributes: RopeEventAttributes;
}

/** The rope's new events waiting to be sent, in the order they were made; refused ones wait for the user instead. */
export function pendingEventsOf(entries: readonly OutboxEntry[], ropeId: number): PendingEvent[] {
  return entries
    .filter((entry) => entry.kind === 'createEvent' && entry.ropeId === ropeId && entry.state === 'waiting')
    .map((entry) => {
      const { position, attributes } = (entry.body as { ropeEvent: Partial<PendingEvent> }).ropeEvent;
      return { position: position ?? null, attributes: attributes as RopeEventAttributes };
    });
}
