import type { TaskView } from '@rope/domain/tasks/views';
import { describe, expect, it } from 'vitest';
import { statusOrNoteChange, withQueuedFields } from './offline-task-change';
import { initialTaskValues } from './task-form';

const stored = {
  id: 4,
  rope: { id: 35 },
  event: null,
  assignedUsers: [{ id: 3, name: 'Anna' }],
  attributes: {
    title: 'Seil schmieren',
    description: 'Ganze Länge',
    status: 'new',
    dueAt: '2030-05-01T10:30:00.000Z',
    isRecurring: false,
    recurringConditions: [],
    isInternal: false,
  },
  title: 'Seil schmieren',
  description: 'Ganze Länge',
  status: 'new',
  dueAt: '2030-05-01T10:30:00.000Z',
  pastDue: false,
  createdAt: '2030-01-01T00:00:00.000Z',
} satisfies TaskView;

describe('a task change the device can queue', () => {
  const form = initialTaskValues(stored);

  it('is a status change and/or a new note, however the form writes the other inputs', () => {
    expect(statusOrNoteChange(stored, { ...form, status: 'done' })).toEqual({ status: 'done' });
    expect(statusOrNoteChange(stored, { ...form, note: 'Begonnen' })).toEqual({ note: 'Begonnen' });
    expect(statusOrNoteChange(stored, { ...form, status: 'in-progress', note: 'Begonnen' })).toEqual({
      status: 'in-progress',
      note: 'Begonnen',
    });
  });

  it('is none when anything else changed, or nothing', () => {
    expect(statusOrNoteChange(stored, { ...form, status: 'done', title: 'Seil fetten' })).toBeNull();
    expect(statusOrNoteChange(stored, { ...form, note: 'x', assignedUserIds: [] })).toBeNull();
    expect(statusOrNoteChange(stored, { ...form, note: '  ' })).toBeNull();
  });

  it("shows a queued status in the rope's task list instead of the server's", () => {
    const [shown] = withQueuedFields([stored], new Map([[4, { status: 'done' as const }]]));
    expect(shown).toMatchObject({ status: 'done', attributes: { status: 'done', title: 'Seil schmieren' } });
    expect(withQueuedFields([stored], new Map())[0]).toBe(stored);
  });
});
