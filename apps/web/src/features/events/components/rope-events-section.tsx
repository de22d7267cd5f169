import type { RopeView } from '@rope/domain/views/hierarchy';

/** The rope page's events: table, toolbar, event dialog. */
export function RopeEventsSection(_props: { rope: RopeView; readOnly: boolean }) {
  return null;
}
