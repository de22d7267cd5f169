import { ApiError } from '../../lib/api-client';
import type { OutboxEntry } from '../../lib/device-store';
import { dataOf, typedApi } from '../../lib/typed-api';
import { EntryConflict } from './entry-conflict';
import { changedMeanwhile, type PatchTaskBody, serverValues, taskBodyOf } from './task-entry';

const idPath = (id: number) => ({ path: { id: String(id) } });

/** A task's change under its key: online and from the queue alike, so that a resend of either is done once. */
export function patchTaskWithKey(body: PatchTaskBody, key: string) {
  return dataOf(
    typedApi.PATCH('/api/tasks/{id}', {
      params: { ...idPath(body.taskId), header: { 'idempotency-key': key } },
      body: { task: body.patch },
    }),
  );
}

/**
 * Sends a queued task change unless the task is gone (a 404 refusal: deleted meanwhile) or someone else changed a
 * field it sets since the user saw it (EntryConflict with the server's values: the user chooses).
 */
export async function sendTaskChange(entry: OutboxEntry): Promise<unknown> {
  const body = taskBodyOf(entry);
  const { tasks } = await dataOf(typedApi.GET('/api/ropes/{id}/tasks', { params: idPath(body.ropeId) }));
  const task = tasks.find((candidate) => candidate.id === body.taskId);
  if (!task) {
    throw new ApiError(404, 'NOT_FOUND', 'The task was deleted meanwhile', undefined, undefined, {
      key: { key: 'field.outbox.taskDeleted' },
    });
  }
  const server = serverValues(body, task);
  if (changedMeanwhile(body, server).length > 0) throw new EntryConflict(server);
  return patchTaskWithKey(body, entry.id);
}
