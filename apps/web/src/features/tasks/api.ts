import { withRemovedAttributes } from '@rope/domain/patch';
import type { TaskBody } from '@rope/domain/tasks/rules';
import type { AssignableUser, TaskNote, TaskView } from '@rope/domain/tasks/views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';
import { useSheetUrl } from '../../lib/sheet-query';

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
      apiFetch<{ users: AssignableUser[] }>(`/ropes/${ropeId}/assignable-users`, { signal }).then(
        (answer) => answer.users,
      ),
    enabled,
  });
}

export function useRopeTasks(ropeId: number) {
  return useQuery({
    queryKey: taskKeys.rope(ropeId),
    queryFn: ({ signal }) =>
      apiFetch<{ tasks: TaskView[] }>(`/ropes/${ropeId}/tasks`, { signal }).then((answer) => answer.tasks),
  });
}

export function useTaskNotes(id: number | null) {
  return useQuery({
    queryKey: taskKeys.notes(id ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<{ notes: TaskNote[] }>(`/tasks/${id}/notes`, { signal }).then((answer) => answer.notes),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Every task list (the rope's, the dashboard's pending tasks) and the notes. */
function refreshTasks(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

/** Creates (no id) or updates a task; an update of a recurring task to done may answer the next task. */
export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog edits the whole task: what it left out of the stored attributes is removed.
    mutationFn: async ({
      id,
      task,
      stored,
    }: {
      id: number | undefined;
      task: TaskBody;
      stored?: { attributes: object };
    }) => {
      if (id === undefined) {
        await apiFetch<{ task: { id: number } }>('/tasks', { method: 'POST', body: { task } });
        return { nextTask: null };
      }
      return apiFetch<{ task: TaskView; nextTask: { id: number } | null }>(`/tasks/${id}`, {
        method: 'PATCH',
        body: { task: withRemovedAttributes(stored?.attributes, task) },
      });
    },
    onSuccess: () => refreshTasks(queryClient),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/tasks/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshTasks(queryClient),
  });
}

/** The count of created tasks, however the server names it. */
export function createdCount(answer: unknown): number | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const record = answer as Record<string, unknown>;
  for (const key of ['count', 'created', 'tasks']) {
    const value = record[key];
    if (typeof value === 'number') return value;
    if (Array.isArray(value)) return value.length;
  }
  return undefined;
}

/** Sends the file with the session's language and zone: the days and numbers are read as that Excel writes them. */
export function useUploadTasks(ropeId: number) {
  const queryClient = useQueryClient();
  const sheet = useSheetUrl();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      const url = sheet.url(`/ropes/${ropeId}/tasks/upload`);
      return createdCount(await apiFetch<unknown>(url, { method: 'POST', body }));
    },
    onSuccess: () => refreshTasks(queryClient),
  });
}
