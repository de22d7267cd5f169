import type { ACTION_STATUSES } from './events/schemas.ts';
import type { MrtCandidateStatus } from './mrt/figures.ts';
import type { TRUSCAN_STATUSES } from './ropes/kinds.ts';
import type { SmartropeEventType } from './smartropes/schemas.ts';
import type { TASK_STATUSES } from './tasks/schemas.ts';
import type { TruscanRequestStatus } from './truscan/figures.ts';

/**
 * The one colour rule for statuses, so a status looks the same on every screen (rope, installation, dashboard).
 * Tones name a hue, not a shade: the web theme picks shades that read at 4.5:1.
 */
export type StatusTone = 'red' | 'orange' | 'green' | 'blue' | 'gray';

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

/** A TRUscan's state: at work (waiting, measuring, uploading) is blue, idle is fine, a device in error needs a look. */
export const TRUSCAN_STATUS_TONE: Record<(typeof TRUSCAN_STATUSES)[number], StatusTone> = {
  idle: 'green',
  waiting: 'blue',
  measuring: 'blue',
  uploading: 'blue',
  error: 'red',
};

/** A measurement asked of the TRUscan: on its way (orange) until the device took it (green). */
export const TRUSCAN_REQUEST_TONE: Record<TruscanRequestStatus, StatusTone> = {
  queued: 'orange',
  sent: 'orange',
  delivered: 'green',
};

/** A damage candidate of an MRT trace: to review (orange), confirmed as a damage (red), set aside (gray). */
export const MRT_CANDIDATE_TONE: Record<MrtCandidateStatus, StatusTone> = {
  open: 'orange',
  confirmed: 'red',
  dismissed: 'gray',
};

/** A smartrope event: a threshold crossed is as urgent as a new event, an anomaly wants a look, info is news only. */
export const SMARTROPE_EVENT_TONE: Record<SmartropeEventType, StatusTone> = {
  threshold: 'red',
  anomaly: 'orange',
  info: 'blue',
};
