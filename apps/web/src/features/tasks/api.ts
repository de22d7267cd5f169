import { withRemovedAttributes } from '@rope/domain/patch';
import { type TaskBody, toTaskRequest } from '@rope/domain/tasks/rules';
import type { TaskView } from '@rope/domain/tasks/views';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOutbox } from '../../lib/outbox-context';
import { browserTimeZone, useSheetUrl } from '../../lib/sheet-query';
import { dataOf, typedApi, uploadWithProgress } from '../../lib/typed-api';
import { changeOrQueue, type StatusOrNote, type TaskSaveOutcome } from './offline-task-change';

const idPath = (id: number) => ({ path: { id: String(id) } });

export const taskKeys = {
  all: ['tasks'] as const,
  rope: (ropeId: number) => [...taskKeys.all, 'rope', ropeId] as const,
  notes: (id: number) => [...taskKeys.all, 'notes', id] as const,
  assignable: (ropeId: number) => [...taskKeys.all, 'assignable', ropeId] as const,
};

/** The people the signed-in user may assign to a task of this rope (everyone who sees the rope may ask). */
export function useAssignableUsers(ropeId: number, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.assignable(ropeId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/ropes/{id}/assignable-users', { params: idPath(ropeId), signal })).then(
        (answer) => answer.users,
      ),
    enabled,
  });
}

export function useRopeTasks(ropeId: number) {
  return useQuery(ropeTasksQuery(ropeId));
}

export function ropeTasksQuery(ropeId: number) {
  return queryOptions({
    queryKey: taskKeys.rope(ropeId),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/ropes/{id}/tasks', { params: idPath(ropeId), signal })).then((answer) => answer.tasks),
  });
}

export function taskNotesQuery(id: number) {
  return queryOptions({
    queryKey: taskKeys.notes(id),
    queryFn: ({ signal }) =>
      dataOf(typedApi.GET('/api/tasks/{id}/notes', { params: idPath(id), signal })).then((answer) => answer.notes),
  });
}

export function useTaskNotes(id: number | null) {
  return useQuery({ ...taskNotesQuery(id ?? 0), enabled: id !== null, staleTime: 0 });
}

/** Every task list (the rope's, the dashboard's pending tasks) and the notes. */
function refreshTasks(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

/**
 * Creates (no id) or updates a task; an update of a recurring task to done may answer the next task. A status change
 * or a new note alone (`change`) is sent as that, and queued on the device without a signal (changeOrQueue).
 */
export function useSaveTask(rope: { id: number; name: string }) {
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  return useMutation({
    // Runs without a signal too: a status change or note then goes into the device's queue.
    networkMode: 'always',
    // The dialog edits the whole task: what it left out of the stored attributes is removed.
    mutationFn: async ({
      id,
      task,
      stored,
      change,
    }: {
      id: number | undefined;
      task: TaskBody;
      stored?: TaskView;
      change?: StatusOrNote | null;
    }): Promise<TaskSaveOutcome> => {
      if (stored && change && outbox.ready) return changeOrQueue(rope, stored, change, outbox);
      const request = toTaskRequest(task);
      if (id === undefined) {
        await dataOf(typedApi.POST('/api/tasks', { body: { task: request } }));
        return { queued: false, nextTask: null };
      }
      const answer = await dataOf(
        typedApi.PATCH('/api/tasks/{id}', {
          params: idPath(id),
          body: { task: withRemovedAttributes(stored?.attributes, request) },
        }),
      );
      return { queued: false, nextTask: answer.nextTask };
    },
    onSuccess: (outcome) => {
      if (!outcome.queued) refreshTasks(queryClient);
    },
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => typedApi.DELETE('/api/tasks/{id}', { params: idPath(id) }),
    onSuccess: () => refreshTasks(queryClient),
  });
}

/** Sends the file with the session's language and zone: the days and numbers are read as that Excel writes them. */
export function useUploadTasks(ropeId: number) {
  const queryClient = useQueryClient();
  const sheet = useSheetUrl();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      const query = { language: sheet.language, timeZone: browserTimeZone() };
      const answer = await uploadWithProgress('/api/ropes/{id}/tasks/upload', body, {
        params: { ...idPath(ropeId), query },
      });
      return answer.created;
    },
    onSuccess: () => refreshTasks(queryClient),
  });
}
