import type { TASK_STATUSES } from '@rope/domain/tasks/kinds';
import type { OutboxEntry } from '../../lib/device-store';

export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The task fields a change made on the device may set (a note is added, never set: it is no field here). */
export interface TaskFields {
  status: TaskStatus;
}
type TaskField = keyof TaskFields;

/** A task's status change and/or new note made on the device: the outbox entry of kind 'patchTask'. */
export interface PatchTaskBody {
  taskId: number;
  ropeId: number;
  /** The task's title when it was changed, for the sync panel. */
  taskTitle: string;
  /** What PATCH /api/tasks/{id} is sent: the fields set and the note added. */
  patch: { attributes?: Partial<TaskFields>; note?: string };
  /**
   * The fields the patch sets, as the task had them when the user changed it: another value on the server means
   * someone else changed that field meanwhile.
   */
  base: Partial<TaskFields>;
}

export function taskBodyOf(entry: OutboxEntry): PatchTaskBody {
  return entry.body as PatchTaskBody;
}

const fieldsOf = (body: PatchTaskBody) => Object.keys(body.patch.attributes ?? {}) as TaskField[];

/** The entry's body for a task as the user saw it (`task`), and what they changed of it. */
export function taskChangeBody(
  task: { id: number; attributes: TaskFields & { title: string } },
  ropeId: number,
  change: { status?: TaskStatus; note?: string },
): PatchTaskBody {
  return {
    taskId: task.id,
    ropeId,
    taskTitle: task.attributes.title,
    patch: {
      ...(change.status ? { attributes: { status: change.status } } : {}),
      ...(change.note ? { note: change.note } : {}),
    },
    base: change.status ? { status: task.attributes.status } : {},
  };
}

/** The server's current values of the fields the entry sets. */
export function serverValues(body: PatchTaskBody, task: { attributes: Partial<TaskFields> }): Partial<TaskFields> {
  return Object.fromEntries(fieldsOf(body).map((field) => [field, task.attributes[field]]));
}

/**
 * The fields someone else changed on the server since the user's change: neither as the user saw them nor already
 * what the user set (an earlier send whose answer was lost). A note never conflicts: notes are added one after another.
 */
export function changedMeanwhile(body: PatchTaskBody, server: Partial<TaskFields>): TaskField[] {
  return fieldsOf(body).filter(
    (field) => server[field] !== body.base[field] && server[field] !== body.patch.attributes?.[field],
  );
}

/** "Keep mine": the user's values go over the server's current ones (its base), sent at the next run. */
export function keepMine(body: PatchTaskBody, server: Partial<TaskFields>): PatchTaskBody {
  return { ...body, base: server };
}

/** "Take the server's": the user's field values go; a note is still added (it never conflicts). Null: nothing left. */
export function takeTheirs(body: PatchTaskBody): PatchTaskBody | null {
  return body.patch.note ? { ...body, patch: { note: body.patch.note }, base: {} } : null;
}

/** The latest values the device holds for each task of the rope, not yet on the server: task id → fields. */
export function queuedTaskFields(entries: readonly OutboxEntry[], ropeId: number): Map<number, Partial<TaskFields>> {
  const queued = new Map<number, Partial<TaskFields>>();
  for (const entry of entries) {
    if (entry.kind !== 'patchTask' || entry.ropeId !== ropeId) continue;
    const body = taskBodyOf(entry);
    queued.set(body.taskId, { ...queued.get(body.taskId), ...body.patch.attributes });
  }
  return queued;
}

/** The notes the device holds for a task, not yet on the server, in the order they were written. */
export function queuedTaskNotes(
  entries: readonly OutboxEntry[],
  taskId: number,
): { note: string; createdAt: number }[] {
  return entries.flatMap((entry) => {
    if (entry.kind !== 'patchTask') return [];
    const body = taskBodyOf(entry);
    return body.taskId === taskId && body.patch.note ? [{ note: body.patch.note, createdAt: entry.createdAt }] : [];
  });
}
