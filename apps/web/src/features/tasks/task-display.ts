import { TASK_STATUSES } from '@rope/domain/tasks/kinds';

/** The task table is at most 400 px high and scrolls inside. */
export const TASK_TABLE_MAX_HEIGHT = 400;

/** The status label's key (New / In progress / Finished); an unknown status reads as New. */
export function taskStatusKey(status: string) {
  const known = (TASK_STATUSES as readonly string[]).includes(status)
    ? (status as (typeof TASK_STATUSES)[number])
    : 'new';
  return `tasks.status.${known}` as const;
}

/** Open tasks are the ones not finished. */
export function visibleTasks<T extends { attributes: { status: string } }>(
  tasks: readonly T[],
  showFinished: boolean,
): T[] {
  return showFinished ? [...tasks] : tasks.filter((task) => task.attributes.status !== 'done');
}
