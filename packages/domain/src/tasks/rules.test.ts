import { describe, expect, it } from 'vitest';
import { issueMessage } from '../messages.ts';
import {
  assigneeChoices,
  assigneeProblem,
  isAssignableBy,
  isPastDue,
  mayBeAssigned,
  nextRecurrence,
  taskBodySchema,
  toTaskRequest,
} from './rules.ts';
import { taskAttributesSchema } from './schemas.ts';

const body = (attributes: object) => ({
  rope: { id: 1 },
  attributes: { title: 'MRT', description: 'Annual', ...attributes },
});
const messages = (value: object) =>
  taskBodySchema.safeParse(body(value)).error?.issues.map((issue) => issue.message) ?? [];
const keys = (value: object) =>
  taskBodySchema.safeParse(body(value)).error?.issues.map((issue) => issueMessage(issue).key) ?? [];

describe('task rules', () => {
  it('assign people who see the rope: users of the mandator and internal staff, never API accounts', () => {
    expect(mayBeAssigned({ roles: ['ROLE_USER'], mandatorIds: [1] }, 1)).toBe(true);
    expect(mayBeAssigned({ roles: ['ROLE_USER'], mandatorIds: [2] }, 1)).toBe(false);
    expect(mayBeAssigned({ roles: ['ROLE_PROJECT_MANAGER'], mandatorIds: [] }, 1)).toBe(true);
    expect(mayBeAssigned({ roles: ['ROLE_API_INTERNAL'], mandatorIds: [] }, 1)).toBe(false);
    expect(mayBeAssigned({ roles: ['ROLE_API_EXTERNAL'], mandatorIds: [1] }, 1)).toBe(false);
    const people = [{ roles: ['ROLE_ADMIN'] as const }, { roles: ['ROLE_USER'] as const }];
    expect(assigneeChoices({ roles: ['ROLE_USER'] }, people)).toEqual([people[1]]);
    expect(assigneeChoices({ roles: ['ROLE_PROJECT_MANAGER'] }, people)).toEqual(people);
  });

  it('need type and threshold together, no period as due condition, unique recurring types, one period', () => {
    expect(messages({ dueCondition: { type: 'bendingCycles' } })).toEqual([
      'A value needs to be provided for the field',
    ]);
    expect(messages({ dueCondition: { threshold: 5 } })).toEqual(['A value needs to be selected for the field']);
    expect(messages({ dueCondition: { type: 'periodDays', threshold: 5 } })).toEqual([
      'A due condition cannot be a period',
    ]);
    expect(
      messages({
        isRecurring: true,
        recurringConditions: [
          { type: 'periodDays', threshold: 30 },
          { type: 'periodDays', threshold: 60 },
        ],
      }),
    ).toContain('Non unique type');
    expect(
      messages({
        isRecurring: true,
        recurringConditions: [
          { type: 'periodDays', threshold: 30 },
          { type: 'periodYears', threshold: 1 },
        ],
      }),
    ).toEqual(['Only one period can be set']);
    expect(messages({ title: 'x'.repeat(201) }).length).toBe(1);
  });

  it('name each broken rule by its message key', () => {
    expect(keys({ dueCondition: { type: 'periodDays', threshold: 5 } })).toEqual([
      'tasks.validation.dueConditionPeriod',
    ]);
    expect(keys({ dueCondition: { threshold: 5 } })).toEqual(['validation.selectRequired']);
    expect(keys({ isRecurring: true, recurringConditions: [] })).toEqual(['validation.required']);
    expect(keys({ title: 'x'.repeat(201) })).toEqual(['validation.textTooLong']);
  });

  it('let an actor assign exactly the people the task dialog offers them', () => {
    const pm = { roles: ['ROLE_PROJECT_MANAGER'] as const, mandatorIds: [] };
    const colleague = { roles: ['ROLE_USER'] as const, mandatorIds: [1] };
    const stranger = { roles: ['ROLE_USER'] as const, mandatorIds: [2] };
    const key = { roles: ['ROLE_API_INTERNAL'] as const, mandatorIds: [] };
    const client = { roles: ['ROLE_CLIENT_ADMIN'] as const };
    expect([pm, colleague, stranger, key].map((user) => isAssignableBy(client, user, 1))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([pm, colleague, stranger, key].map((user) => isAssignableBy(pm, user, 1))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('let only internal people make internal tasks, for internal assignees', () => {
    const admin = { roles: ['ROLE_ADMIN'] as const };
    const client = { roles: ['ROLE_USER'] as const };
    expect(assigneeProblem(client, true, [])).toEqual({ key: 'tasks.validation.internalNotAllowed' });
    expect(assigneeProblem(admin, true, [{ roles: ['ROLE_USER'] }])).toEqual({
      key: 'tasks.validation.internalAssignees',
    });
    expect(assigneeProblem(admin, true, [{ roles: ['ROLE_PROJECT_MANAGER'] }])).toBeUndefined();
    expect(assigneeProblem(client, false, [{ roles: ['ROLE_ADMIN'] }])).toEqual({
      key: 'tasks.validation.externalAssignees',
    });
  });

  it('are past due by date or by bending cycles, never when done', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(isPastDue({ dueAt: '2026-05-31T00:00:00Z', status: 'new' }, now)).toBe(true);
    expect(isPastDue({ dueAt: '2026-05-31T00:00:00Z', status: 'done' }, now)).toBe(false);
    expect(isPastDue({ dueCondition: { type: 'bendingCycles', threshold: 500 }, status: 'new' }, now, 500)).toBe(true);
    expect(isPastDue({ dueCondition: { type: 'bendingCycles', threshold: 500 }, status: 'new' }, now, 499)).toBe(false);
  });

  it('create the next task of a recurrence from the completion date and the current cycles', () => {
    const task = taskAttributesSchema.parse({
      title: 'Splice check',
      description: 'Measure all splices',
      status: 'done',
      isRecurring: true,
      recurringConditions: [
        { type: 'periodMonths', threshold: 6 },
        { type: 'bendingCycles', threshold: 100_000 },
      ],
    });
    const next = nextRecurrence(task, new Date('2026-01-31T12:00:00Z'), 250_000);
    expect(next).toMatchObject({ title: 'Splice check', status: 'new', dueAt: '2026-07-31T12:00:00.000Z' });
    expect(next?.dueCondition).toEqual({ type: 'bendingCycles', threshold: 350_000 });
    expect(nextRecurrence({ ...task, isRecurring: false }, new Date())).toBeUndefined();
  });
});

describe('the task body as the API document states it', () => {
  it('keeps what the rules let through, with both parts of every condition', () => {
    const parsed = taskBodySchema.parse(
      body({
        dueCondition: { type: 'bendingCycles', threshold: 500_000 },
        isRecurring: true,
        recurringConditions: [{ type: 'periodYears', threshold: 1 }],
      }),
    );
    const request = toTaskRequest(parsed);
    expect(request.attributes.dueCondition).toEqual({ type: 'bendingCycles', threshold: 500_000 });
    expect(request.attributes.recurringConditions).toEqual([{ type: 'periodYears', threshold: 1 }]);
    expect(JSON.parse(JSON.stringify(toTaskRequest(taskBodySchema.parse(body({})))))).toEqual(
      JSON.parse(JSON.stringify(taskBodySchema.parse(body({})))),
    );
  });

  it('refuses a body that skipped the rules', () => {
    const skipped = taskBodySchema.parse(body({}));
    const period = {
      ...skipped,
      attributes: { ...skipped.attributes, dueCondition: { type: 'periodDays' as const, threshold: 3 } },
    };
    expect(() => toTaskRequest(period)).toThrow(/period/);
    const half = {
      ...skipped,
      attributes: { ...skipped.attributes, recurringConditions: [{ type: 'periodDays' as const }] },
    };
    expect(() => toTaskRequest(half)).toThrow(/part/);
  });
});
