import { z } from 'zod';
import { type Actor, isApiRole, seesMandator } from '../access/actor.ts';
import { INTERNAL_ROLES } from '../access/permissions.ts';
import type { Role } from '../access/roles.ts';
import { idSchema } from '../common.ts';
import { type Message, message, ruleIssue } from '../messages.ts';
import { patchAttributesSchema, patchFieldsSchema } from '../patch-schemas.ts';
import {
  CONDITION_TYPES,
  conditionSchema,
  PERIOD_TYPES,
  type TaskAttributes,
  type TaskCondition,
  taskAttributesSchema,
} from './schemas.ts';

const isPeriod = (type: TaskCondition['type']) => (PERIOD_TYPES as readonly string[]).includes(type);

/**
 * The task form's rules: a due condition names its type and threshold and is no period; recurring conditions have
 * distinct types, at most one of them a period, and a recurring task has at least one.
 */
export const taskBodySchema = z
  .object({
    rope: z.object({ id: idSchema }),
    event: z.object({ id: idSchema }).nullable().optional(),
    assignedUsers: z
      .array(z.object({ id: idSchema }))
      .max(200)
      .default([]),
    note: z.string().max(65_536).optional(),
    attributes: taskAttributesSchema.extend({
      dueCondition: z
        .object({
          // A period is refused below with its own message; the OpenAPI document states what is left.
          type: z
            .enum(CONDITION_TYPES)
            .optional()
            .meta({ enum: CONDITION_TYPES.filter((type) => !isPeriod(type)) }),
          threshold: z.number().finite().positive().max(999_999_999_999).optional(),
        })
        .optional(),
      // Partial so that a missing part is named by the rules below; both parts are required all the same.
      recurringConditions: z
        .array(conditionSchema.partial().meta({ required: ['type', 'threshold'] }))
        .max(CONDITION_TYPES.length)
        .default([]),
    }),
  })
  .superRefine(({ attributes }, ctx) => {
    const due = attributes.dueCondition;
    if (due?.type && due.threshold === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'dueCondition', 'threshold'],
        ...ruleIssue('validation.required'),
      });
    }
    if (due?.threshold !== undefined && !due.type) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'dueCondition', 'type'],
        ...ruleIssue('validation.selectRequired'),
      });
    }
    if (due?.type && isPeriod(due.type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'dueCondition', 'type'],
        ...ruleIssue('tasks.validation.dueConditionPeriod'),
      });
    }
    const seen = new Set<string>();
    let periods = 0;
    attributes.recurringConditions.forEach((condition, index) => {
      const path = ['attributes', 'recurringConditions', index];
      if (!condition.type)
        ctx.addIssue({ code: 'custom', path: [...path, 'type'], ...ruleIssue('validation.selectRequired') });
      if (condition.threshold === undefined)
        ctx.addIssue({ code: 'custom', path: [...path, 'threshold'], ...ruleIssue('validation.required') });
      if (!condition.type) return;
      if (seen.has(condition.type)) {
        ctx.addIssue({ code: 'custom', path: [...path, 'type'], ...ruleIssue('validation.nonUniqueType') });
      }
      seen.add(condition.type);
      if (isPeriod(condition.type)) periods += 1;
      if (periods > 1 && isPeriod(condition.type)) {
        ctx.addIssue({ code: 'custom', path: [...path, 'type'], ...ruleIssue('tasks.validation.onePeriod') });
      }
    });
    if (attributes.isRecurring && attributes.recurringConditions.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'recurringConditions'],
        ...ruleIssue('validation.required'),
      });
    }
  });
export type TaskBody = z.infer<typeof taskBodySchema>;
/** PATCH /tasks/{id}: any part of the task as GET answers it; attributes merge key by key. */
export const taskPatchSchema = patchFieldsSchema(taskBodySchema).extend({
  attributes: patchAttributesSchema(taskBodySchema.shape.attributes).optional(),
});
export type TaskPatch = z.output<typeof taskPatchSchema>;

export function isInternalUser(roles: readonly Role[]): boolean {
  return roles.some((role) => INTERNAL_ROLES.includes(role));
}

/** Only admins and project managers mark a task internal; assignees must match: internal users for internal tasks. */
export function assigneeProblem(
  actor: Pick<Actor, 'roles'>,
  isInternal: boolean,
  assignees: readonly { roles: readonly Role[] }[],
): Message | undefined {
  if (isInternal && !isInternalUser(actor.roles)) return message('tasks.validation.internalNotAllowed');
  const mismatch = assignees.some((assignee) => isInternalUser(assignee.roles) !== isInternal);
  if (mismatch) {
    return message(isInternal ? 'tasks.validation.internalAssignees' : 'tasks.validation.externalAssignees');
  }
  return undefined;
}

export const NOT_ASSIGNABLE = message('tasks.validation.notAssignable');

/** Whether a user may be a task's assignee on a rope of this mandator: a person (no API account) who sees the rope. */
export function mayBeAssigned(user: { roles: readonly Role[]; mandatorIds: readonly number[] }, mandatorId: number) {
  return !user.roles.some(isApiRole) && seesMandator(user, mandatorId);
}

/** The users the actor may pick for a task: internal users only for those who may mark a task internal. */
export function assigneeChoices<T extends { roles: readonly Role[] }>(
  actor: Pick<Actor, 'roles'>,
  users: readonly T[],
) {
  return isInternalUser(actor.roles) ? [...users] : users.filter((user) => !isInternalUser(user.roles));
}

/**
 * Whether the actor may assign this user to a task on a rope of this mandator: exactly the people the task dialog
 * offers (`GET /ropes/{id}/assignable-users`): a person who sees the rope, internal staff only for internal actors.
 * Every other id (another tenant's user, an API account, internal staff for a client, an id of nobody) is refused
 * alike (`NOT_ASSIGNABLE` on `assignedUsers`), so the answer never tells which of them an id is.
 */
export function isAssignableBy(
  actor: Pick<Actor, 'roles'>,
  user: { roles: readonly Role[]; mandatorIds: readonly number[] },
  mandatorId: number,
) {
  return mayBeAssigned(user, mandatorId) && assigneeChoices(actor, [user]).length === 1;
}

/** Past due: dueAt lies before now, or the rope's current count (`ropeCyclesNow`) reached the due threshold. */
export function isPastDue(
  task: Pick<TaskAttributes, 'dueAt' | 'dueCondition' | 'status'>,
  now: Date,
  ropeCycles?: number,
): boolean {
  if (task.status === 'done') return false;
  if (task.dueAt && Date.parse(task.dueAt) < now.getTime()) return true;
  const due = task.dueCondition;
  return Boolean(due && due.type === 'bendingCycles' && ropeCycles !== undefined && ropeCycles >= due.threshold);
}

function addPeriod(from: Date, type: TaskCondition['type'], amount: number): Date {
  const next = new Date(from);
  if (type === 'periodDays') next.setUTCDate(next.getUTCDate() + amount);
  if (type === 'periodWeeks') next.setUTCDate(next.getUTCDate() + 7 * amount);
  if (type === 'periodMonths') next.setUTCMonth(next.getUTCMonth() + amount);
  if (type === 'periodYears') next.setUTCFullYear(next.getUTCFullYear() + amount);
  return next;
}

/**
 * The next task of a recurring task set to done: same content, status new, due at completion + period and/or at the
 * current cycles + the cycle threshold, whichever comes first. `ropeCycles` is the rope's current count
 * (`ropeCyclesNow`, whole cycles); the new threshold is rounded to a whole cycle as well.
 */
export function nextRecurrence(
  task: TaskAttributes,
  completedAt: Date,
  ropeCycles?: number,
): TaskAttributes | undefined {
  if (!task.isRecurring || task.recurringConditions.length === 0) return undefined;
  const period = task.recurringConditions.find((condition) => isPeriod(condition.type));
  const cycles = task.recurringConditions.find((condition) => condition.type === 'bendingCycles');
  const next: TaskAttributes = { ...task, status: 'new', dueAt: undefined, dueCondition: undefined };
  if (period) next.dueAt = addPeriod(completedAt, period.type, period.threshold).toISOString();
  if (cycles && ropeCycles !== undefined)
    next.dueCondition = { type: 'bendingCycles', threshold: Math.round(ropeCycles + cycles.threshold) };
  return next;
}

/** A due condition as the API document states it: by bending cycles, both parts given (a period is refused). */
type DocumentDueCondition = { type?: 'bendingCycles'; threshold?: number };

/** A task body that passed the rules, typed as the API document states it. */
export type TaskRequest = Omit<TaskBody, 'attributes'> & {
  attributes: Omit<TaskBody['attributes'], 'dueCondition' | 'recurringConditions'> & {
    dueCondition?: DocumentDueCondition;
    recurringConditions: TaskCondition[];
  };
};

/**
 * The body the rules let through, narrowed to the document's types: after `taskBodySchema` a due condition is never
 * a period and every recurring condition has both parts, so this only says so to the type checker (and throws if a
 * caller skipped the rules).
 */
export function toTaskRequest(body: TaskBody): TaskRequest {
  const { dueCondition, recurringConditions, ...rest } = body.attributes;
  const dueType = dueCondition?.type;
  if (dueType !== undefined && dueType !== 'bendingCycles') {
    throw new Error('a due condition by period is refused by the task rules');
  }
  const complete = recurringConditions.flatMap((condition) =>
    condition.type !== undefined && condition.threshold !== undefined
      ? [{ type: condition.type, threshold: condition.threshold }]
      : [],
  );
  if (complete.length !== recurringConditions.length) throw new Error('a recurring condition lacks a part');
  const due = dueCondition === undefined ? {} : { dueCondition: { type: dueType, threshold: dueCondition.threshold } };
  return { ...body, attributes: { ...rest, ...due, recurringConditions: complete } };
}
