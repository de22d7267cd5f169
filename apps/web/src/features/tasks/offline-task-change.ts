import type { TaskView } from '@rope/domain/tasks/views';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import type { Outbox } from '../../lib/outbox-context';
import { patchTaskWithKey, type TaskFields, taskChangeBody } from '../field';
import { initialTaskValues, type TaskFormValues } from './task-form';

/** A status change and/or a new note: the task changes a device can queue without a signal. */
export interface StatusOrNote {
  status?: TaskFields['status'];
  note?: string;
}

/**
 * What the form changes of the stored task when it changes the status and/or adds a note and nothing else; null for
 * any other change, or none. The inputs are compared, so a value the form writes differently counts as unchanged.
 */
export function statusOrNoteChange(stored: TaskView, values: TaskFormValues): StatusOrNote | null {
  const initial = initialTaskValues(stored);
  const others = (Object.keys(initial) as (keyof TaskFormValues)[]).filter((key) => key !== 'status' && key !== 'note');
  if (others.some((key) => JSON.stringify(initial[key]) !== JSON.stringify(values[key]))) return null;
  const change: StatusOrNote = {
    ...(values.status !== initial.status ? { status: values.status } : {}),
    ...(values.note.trim() ? { note: values.note } : {}),
  };
  return Object.keys(change).length > 0 ? change : null;
}

export type TaskSaveOutcome = { queued: false; nextTask: { id: number } | null } | { queued: true };

/**
 * A status change or note without a signal goes into the device's queue under its own key, and so does one whose
 * answer did not come back: it may have arrived, and the resend under the same key changes the task once.
 */
export async function changeOrQueue(
  rope: { id: number; name: string },
  task: TaskView,
  change: StatusOrNote,
  outbox: Outbox,
): Promise<TaskSaveOutcome> {
  const key = crypto.randomUUID();
  const body = taskChangeBody(task, rope.id, change);
  const queue = async (): Promise<TaskSaveOutcome> => {
    await outbox.queue({ id: key, ropeId: rope.id, ropeName: rope.name, kind: 'patchTask', body });
    return { queued: true };
  };
  if (!onlineManager.isOnline()) return queue();
  try {
    return { queued: false, nextTask: (await patchTaskWithKey(body, key)).nextTask };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NETWORK') return queue();
    throw error;
  }
}

/** The rope's tasks as the device holds them: a change still in its queue shows instead of the server's value. */
export function withQueuedFields(tasks: readonly TaskView[], queued: ReadonlyMap<number, Partial<TaskFields>>) {
  return tasks.map((task) => {
    const fields = queued.get(task.id);
    if (!fields) return task;
    return { ...task, status: fields.status ?? task.status, attributes: { ...task.attributes, ...fields } };
  });
}
