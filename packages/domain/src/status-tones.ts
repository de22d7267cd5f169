import type { ACTION_STATUSES } from './events/schemas.ts';
import type { SmartropeEventType } from './sensors/smartropes.ts';
import type { TASK_STATUSES } from './tasks/schemas.ts';

/**
 * The one colour rule for statuses, so a status looks the same on every screen (rope, installation, dashboard).
 * Tones name a hue, not a shade: the web theme picks shades that read at 4.5:1.
 */
export type StatusTone = 'red' | 'orange' | 'green' | 'blue';

/** An event's action status: new needs action (red), seen is acknowledged (orange), repaired is done (green). */
export const ACTION_STATUS_TONE: Record<(typeof ACTION_STATUSES)[number], StatusTone> = {
  new: 'red',
  seen: 'orange',
  repaired: 'green',
};

/** A task's status: open work is blue, done is green; past due overrides it with red. */
export const TASK_STATUS_TONE: Record<(typeof TASK_STATUSES)[number], StatusTone> = {
  new: 'blue',
  'in-progress': 'blue',
  done: 'green',
};

/** A task past its due date or due bending cycles: as urgent as a new event. */
export const PAST_DUE_TONE: StatusTone = 'red';

/** A smartrope event: a threshold crossed is as urgent as a new event, an anomaly wants a look, info is news only. */
export const SMARTROPE_EVENT_TONE: Record<SmartropeEventType, StatusTone> = {
  threshold: 'red',
  anomaly: 'orange',
  info: 'blue',
};
