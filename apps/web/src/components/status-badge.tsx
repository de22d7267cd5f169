import { Badge, type BadgeProps } from '@mantine/core';
import type { ACTION_STATUSES } from '@rope/domain/event-kinds';
import { ACTION_STATUS_TONE, PAST_DUE_TONE, TASK_STATUS_TONE } from '@rope/domain/status-tones';
import type { TASK_STATUSES } from '@rope/domain/task-kinds';
import type { ReactNode } from 'react';

type Size = BadgeProps['size'];

/** An event's action status (new, seen, repaired) in the colour every screen uses; the caller gives the label. */
export function ActionStatusBadge(props: {
  status: (typeof ACTION_STATUSES)[number];
  size?: Size;
  children: ReactNode;
}) {
  return (
    <Badge variant="light" size={props.size} color={ACTION_STATUS_TONE[props.status]} data-status={props.status}>
      {props.children}
    </Badge>
  );
}

export function TaskStatusBadge(props: { status: (typeof TASK_STATUSES)[number]; size?: Size; children: ReactNode }) {
  return (
    <Badge variant="light" size={props.size} color={TASK_STATUS_TONE[props.status]} data-status={props.status}>
      {props.children}
    </Badge>
  );
}

export function PastDueBadge(props: { size?: Size; children: ReactNode }) {
  return (
    <Badge variant="light" size={props.size ?? 'sm'} color={PAST_DUE_TONE} data-status="past-due">
      {props.children}
    </Badge>
  );
}
