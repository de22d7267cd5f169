import type { CONDITION_TYPES, INSPECTION_TYPES, TASK_COMPONENTS, TASK_STATUSES } from '@rope/domain/tasks/kinds';
import { isInternalUser, type TaskBody, taskBodySchema } from '@rope/domain/tasks/rules';
import type { TaskView } from '@rope/domain/tasks/views';
import type { DomainFormSpec } from '../../lib/domain-form';

type ConditionType = (typeof CONDITION_TYPES)[number];

export interface ConditionValues {
  type: ConditionType | '';
  threshold: number | '';
}

/** The task dialog's inputs: text and select values as the inputs hold them. */
export interface TaskFormValues {
  title: string;
  description: string;
  status: (typeof TASK_STATUSES)[number];
  /** YYYY-MM-DD or ''. */
  dueAt: string;
  /** The due condition: only bending cycles; type and threshold go together. */
  dueConditionType: 'bendingCycles' | '';
  dueConditionThreshold: number | '';
  isRecurring: boolean;
  recurringConditions: ConditionValues[];
  isInternal: boolean;
  assignedUserIds: string[];
  component: (typeof TASK_COMPONENTS)[number] | '';
  inspectionType: (typeof INSPECTION_TYPES)[number] | '';
  note: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the date input's YYYY-MM-DD, in the browser's time zone. */
export function toDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date input's day as an ISO instant (local midnight); undefined when empty or unreadable. */
export function fromDateInput(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function initialTaskValues(task?: TaskView): TaskFormValues {
  const attributes = task?.attributes;
  return {
    title: attributes?.title ?? '',
    description: attributes?.description ?? '',
    status: attributes?.status ?? 'new',
    dueAt: toDateInput(attributes?.dueAt),
    dueConditionType: attributes?.dueCondition?.type === 'bendingCycles' ? 'bendingCycles' : '',
    dueConditionThreshold: attributes?.dueCondition?.threshold ?? '',
    isRecurring: attributes?.isRecurring ?? false,
    recurringConditions: (attributes?.recurringConditions ?? []).map(({ type, threshold }) => ({ type, threshold })),
    isInternal: attributes?.isInternal ?? false,
    assignedUserIds: (task?.assignedUsers ?? []).map((user) => String(user.id)),
    component: attributes?.component ?? '',
    inspectionType: attributes?.inspectionType ?? '',
    note: '',
  };
}

const optionalNumber = (value: number | '') => (value === '' ? undefined : value);

/** The request body from the inputs (not yet checked). */
export function toTaskBody(values: TaskFormValues, ropeId: number): unknown {
  const dueType = values.dueConditionType || undefined;
  const dueThreshold = optionalNumber(values.dueConditionThreshold);
  return {
    rope: { id: ropeId },
    assignedUsers: values.assignedUserIds.map((id) => ({ id: Number(id) })),
    note: values.note.trim() === '' ? undefined : values.note,
    attributes: {
      title: values.title,
      description: values.description,
      status: values.status,
      dueAt: fromDateInput(values.dueAt),
      dueCondition: dueType || dueThreshold !== undefined ? { type: dueType, threshold: dueThreshold } : undefined,
      isRecurring: values.isRecurring,
      recurringConditions: values.isRecurring
        ? values.recurringConditions.map((condition) => ({
            type: condition.type || undefined,
            threshold: optionalNumber(condition.threshold),
          }))
        : [],
      isInternal: values.isInternal,
      component: values.component || undefined,
      inspectionType: values.inspectionType || undefined,
    },
  };
}

/** Schema and server paths (after the entity) to the input they belong to. */
export function taskFormPath(path: string): string {
  const plain = path.replace(/^attributes\./, '');
  if (plain === 'dueCondition.type' || plain === 'dueCondition') return 'dueConditionType';
  if (plain === 'dueCondition.threshold') return 'dueConditionThreshold';
  if (plain.startsWith('assignedUsers')) return 'assignedUserIds';
  return plain;
}

/** The task dialog on the domain's task rules; `rules` adds what only the dialog knows (the assignees' roles). */
export function taskFormSpec(
  ropeId: number,
  rules?: DomainFormSpec<TaskFormValues, TaskBody>['rules'],
): DomainFormSpec<TaskFormValues, TaskBody> {
  return {
    schema: taskBodySchema,
    toInput: (values) => toTaskBody(values, ropeId),
    entity: 'task',
    fieldOf: taskFormPath,
    rules,
  };
}

/**
 * Whom the form offers: the candidates of the task's kind (internal or not), and those assigned already even when
 * they are no candidate any more, so the form never drops them unseen.
 */
export function assigneeOptions(
  candidates: readonly { id: number; name: string; roles: Parameters<typeof isInternalUser>[0] }[],
  stored: TaskView | undefined,
  values: Pick<TaskFormValues, 'isInternal' | 'assignedUserIds'>,
): { value: string; label: string }[] {
  return [
    ...candidates
      .filter(
        (user) => isInternalUser(user.roles) === values.isInternal || values.assignedUserIds.includes(String(user.id)),
      )
      .map((user) => ({ value: String(user.id), label: user.name })),
    ...(stored?.assignedUsers ?? [])
      .filter((user) => !candidates.some((candidate) => candidate.id === user.id))
      .map((user) => ({ value: String(user.id), label: user.name })),
  ];
}
