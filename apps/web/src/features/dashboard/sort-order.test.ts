import { describe, expect, it } from 'vitest';
import { sortByDamage, sortTasks } from './sort-order';

describe('dashboard order', () => {
  it('sorts ropes unknown first, then worst first, undamaged last', () => {
    const computed = (damage: number) => ({ status: 'computed' as const, damage, health: Math.max(0, 100 - damage) });
    const unknown = {
      status: 'unknown' as const,
      damage: null,
      health: null,
      missingInputs: ['nominalDiameter' as const],
      unknownRopes: 1,
    };
    const ropes = [
      { name: 'b', damages: null },
      { name: 'a', damages: computed(20) },
      { name: 'c', damages: computed(120) },
      { name: 'a0', damages: null },
      { name: 'z', damages: unknown },
    ];
    expect(sortByDamage(ropes).map((rope) => rope.name)).toEqual(['z', 'c', 'a', 'a0', 'b']);
  });

  it('puts past-due tasks first, then the earliest due', () => {
    const tasks = [
      { id: 1, dueAt: null, pastDue: false },
      { id: 2, dueAt: '2030-01-02T00:00:00Z', pastDue: false },
      { id: 3, dueAt: '2020-01-01T00:00:00Z', pastDue: true },
      { id: 4, dueAt: '2030-01-01T00:00:00Z', pastDue: false },
    ];
    expect(sortTasks(tasks).map((task) => task.id)).toEqual([3, 4, 2, 1]);
  });
});
