import { describe, expect, it } from 'vitest';
import { areaPath, installationPath, ropePath, sortByDamage, sortTasks } from './links';

describe('dashboard', () => {
  it('links to area, installation and rope', () => {
    expect(areaPath(1)).toBe('/areas/1');
    expect(installationPath(1, 2)).toBe('/areas/1/installations/2');
    expect(ropePath(1, 2, 3)).toBe('/areas/1/installations/2/ropes/3');
  });

  it('sorts ropes worst first, undamaged last', () => {
    const ropes = [
      { name: 'b', damages: null },
      { name: 'a', damages: { damage: 20, health: 80 } },
      { name: 'c', damages: { damage: 120, health: 0 } },
      { name: 'a0', damages: null },
    ];
    expect(sortByDamage(ropes).map((rope) => rope.name)).toEqual(['c', 'a', 'a0', 'b']);
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
