import type { RecordingType } from '@rope/domain/events/kinds';
import type { ParsedInspection, RopeEventView } from '@rope/domain/events/views';

/** What the event dialog shows: a new event of a recording type, a stored one to edit or see, or an import. */
export type EventDialogTarget =
  | { mode: 'new'; recordingType: RecordingType }
  | { mode: 'edit' | 'view'; event: RopeEventView }
  | { mode: 'import'; parsed: ParsedInspection };
