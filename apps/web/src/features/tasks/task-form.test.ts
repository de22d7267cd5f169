import { describe, expect, it } from 'vitest';
import { checkForm, formField } from '../../lib/domain-form';
import { visibleTasks } from './task-display';
import { fromDateInput, initialTaskValues, type TaskFormValues, taskFormSpec, toTaskBody } from './task-form';

const valid = (): TaskFormValues => ({ ...initialTaskValues(), title: 'Check splice', description: 'Look at it' });

function errorPaths(values: TaskFormValues) {
  const checked = checkForm(taskFormSpec(7), values);
  return checked.ok ? [] : Object.entries(checked.messages).map(([path, message]) => `${path}: ${message.english}`);
}

describe('task form', () => {
  it('starts as a new task and builds the body the API takes', () => {
    const checked = checkForm(taskFormSpec(7), {
      ...valid(),
      dueAt: '2030-05-01',
      assignedUserIds: ['3'],
      note: 'first',
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.rope).toEqual({ id: 7 });
    expect(checked.data.assignedUsers).toEqual([{ id: 3 }]);
    expect(checked.data.note).toBe('first');
    expect(checked.data.attributes.status).toBe('new');
    expect(checked.data.attributes.dueAt).toBe(fromDateInput('2030-05-01'));
    expect(checked.data.attributes.dueCondition).toBeUndefined();
  });

  it('needs a title and a description, the title at most 200 characters', () => {
    expect(errorPaths(initialTaskValues()).map((entry) => entry.split(':')[0])).toEqual(['title', 'description']);
    expect(errorPaths({ ...valid(), title: 'x'.repeat(201) })[0]).toMatch(/^title:/);
  });

  it('keeps the due condition type and threshold together', () => {
    expect(errorPaths({ ...valid(), dueConditionType: 'bendingCycles' })).toEqual([
      'dueConditionThreshold: A value needs to be provided for the field',
    ]);
    expect(errorPaths({ ...valid(), dueConditionThreshold: 5000 })).toEqual([
      'dueConditionType: A value needs to be selected for the field',
    ]);
    expect(errorPaths({ ...valid(), dueConditionType: 'bendingCycles', dueConditionThreshold: 5000 })).toEqual([]);
  });

  it('checks the recurring conditions: unique types, one period, some condition', () => {
    expect(errorPaths({ ...valid(), isRecurring: true })).toEqual([
      'recurringConditions: A value needs to be provided for the field',
    ]);
    const rows = (types: TaskFormValues['recurringConditions'][number]['type'][]) =>
      types.map((type) => ({ type, threshold: 1 as const }));
    expect(
      errorPaths({ ...valid(), isRecurring: true, recurringConditions: rows(['periodDays', 'periodDays']) }),
    ).toContain('recurringConditions.1.type: Non unique type');
    expect(
      errorPaths({ ...valid(), isRecurring: true, recurringConditions: rows(['periodDays', 'periodMonths']) }),
    ).toEqual(['recurringConditions.1.type: Only one period can be set']);
    expect(
      errorPaths({ ...valid(), isRecurring: true, recurringConditions: rows(['bendingCycles', 'periodMonths']) }),
    ).toEqual([]);
  });

  it('drops the recurring rows when the task is not recurring', () => {
    const body = toTaskBody({ ...valid(), recurringConditions: [{ type: '', threshold: '' }] }, 1) as {
      attributes: { recurringConditions: unknown[] };
    };
    expect(body.attributes.recurringConditions).toEqual([]);
  });

  it('maps server paths onto the inputs', () => {
    const spec = taskFormSpec(7);
    expect(formField(spec, 'body.task.attributes.title')).toBe('title');
    expect(formField(spec, 'task.attributes.dueCondition.threshold')).toBe('dueConditionThreshold');
    expect(formField(spec, 'task.attributes.recurringConditions.0.type')).toBe('recurringConditions.0.type');
    expect(formField(spec, 'task.assignedUsers.0.id')).toBe('assignedUserIds');
  });

  it('hides finished tasks unless asked', () => {
    const tasks = [{ attributes: { status: 'new' } }, { attributes: { status: 'done' } }];
    expect(visibleTasks(tasks, false)).toHaveLength(1);
    expect(visibleTasks(tasks, true)).toHaveLength(2);
  });
});
