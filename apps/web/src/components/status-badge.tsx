import { Badge, type BadgeProps } from '@mantine/core';
import type { ACTION_STATUSES } from '@rope/domain/events/kinds';
import type { MrtCandidateStatus } from '@rope/domain/mrt/figures';
import type { TRUSCAN_STATUSES } from '@rope/domain/ropes/kinds';
import type { SmartropeEventType } from '@rope/domain/smartropes/schemas';
import {
  ACTION_STATUS_TONE,
  MRT_CANDIDATE_TONE,
  PAST_DUE_TONE,
  SMARTROPE_EVENT_TONE,
  type StatusTone,
  TASK_STATUS_TONE,
  TRUSCAN_REQUEST_TONE,
  TRUSCAN_STATUS_TONE,
} from '@rope/domain/status-tones';
import type { TASK_STATUSES } from '@rope/domain/tasks/kinds';
import type { TruscanRequestStatus } from '@rope/domain/truscan/figures';
import type { ReactNode } from 'react';

type Size = BadgeProps['size'];

/** Badges keep their whole word: a narrow column grows or wraps around them rather than cutting one to "IN …". */
export const WHOLE_BADGE = { miw: 'max-content', style: { flexShrink: 0 } } as const satisfies Partial<BadgeProps>;

/** One look for every status badge: light, whole, its tone and its status in data-status. */
function StatusBadge(props: { tone: StatusTone; status: string; size?: Size; children: ReactNode }) {
  return (
    <Badge {...WHOLE_BADGE} variant="light" size={props.size} color={props.tone} data-status={props.status}>
      {props.children}
    </Badge>
  );
}

/** An event's action status (new, seen, repaired) in the colour every screen uses; the caller gives the label. */
export function ActionStatusBadge(props: {
  status: (typeof ACTION_STATUSES)[number];
  size?: Size;
  children: ReactNode;
}) {
  return <StatusBadge tone={ACTION_STATUS_TONE[props.status]} {...props} />;
}

export function TaskStatusBadge(props: { status: (typeof TASK_STATUSES)[number]; size?: Size; children: ReactNode }) {
  return <StatusBadge tone={TASK_STATUS_TONE[props.status]} {...props} />;
}

export function PastDueBadge(props: { size?: Size; children: ReactNode }) {
  return <StatusBadge {...props} tone={PAST_DUE_TONE} status="past-due" size={props.size ?? 'sm'} />;
}

export function TruscanStatusBadge(props: {
  status: (typeof TRUSCAN_STATUSES)[number];
  size?: Size;
  children: ReactNode;
}) {
  return <StatusBadge tone={TRUSCAN_STATUS_TONE[props.status]} {...props} />;
}

export function TruscanRequestBadge(props: { status: TruscanRequestStatus; size?: Size; children: ReactNode }) {
  return <StatusBadge tone={TRUSCAN_REQUEST_TONE[props.status]} {...props} />;
}

/** A damage candidate of an MRT trace: to review, confirmed or dismissed. */
export function MrtCandidateBadge(props: { status: MrtCandidateStatus; size?: Size; children: ReactNode }) {
  return <StatusBadge tone={MRT_CANDIDATE_TONE[props.status]} {...props} />;
}

/** A smartrope event's type: threshold, anomaly or info. */
export function SmartropeEventBadge(props: { type: SmartropeEventType; size?: Size; children: ReactNode }) {
  return (
    <StatusBadge tone={SMARTROPE_EVENT_TONE[props.type]} status={props.type} size={props.size ?? 'sm'}>
      {props.children}
    </StatusBadge>
  );
}
