import { describe, expect, it } from 'vitest';
import { documentKeys } from '../documents/api';
import { eventKeys } from '../events/api';
import { installationKeys } from '../installations/api';
import { ropeKeys } from '../ropes/api';
import { taskKeys } from '../tasks/api';
import { ownerOfQueryKey } from './query-owner';

describe('the owner of a query', () => {
  it("reads the rope of the rope page's queries from the features' own keys", () => {
    const rope = { kind: 'rope', id: 11 };
    expect(ownerOfQueryKey(ropeKeys.detail(11))).toEqual(rope);
    expect(ownerOfQueryKey(eventKeys.list(11, { page: 1, pageSize: 20, archived: false, search: '' }))).toEqual(rope);
    expect(ownerOfQueryKey(eventKeys.damage(11, null, null))).toEqual(rope);
    expect(ownerOfQueryKey(eventKeys.firstDate(11))).toEqual(rope);
    expect(ownerOfQueryKey(taskKeys.rope(11))).toEqual(rope);
    expect(
      ownerOfQueryKey(documentKeys.list({ kind: 'target', targetType: 'rope', targetId: 11 }, null, 'de')),
    ).toEqual(rope);
  });

  it("names an event's documents and a task's notes by the event and the task: the field cache knows their rope", () => {
    const eventDocuments = documentKeys.list({ kind: 'target', targetType: 'event', targetId: 5 }, null, 'de');
    expect(ownerOfQueryKey(eventDocuments)).toEqual({ kind: 'event', id: 5 });
    expect(ownerOfQueryKey(taskKeys.notes(3))).toEqual({ kind: 'task', id: 3 });
    expect(ownerOfQueryKey(taskKeys.notes(0))).toBeNull();
  });

  it('reads the installation and area a rope sits in, and keeps nothing else', () => {
    expect(ownerOfQueryKey(installationKeys.detail(30))).toEqual({ kind: 'installation', id: 30 });
    expect(ownerOfQueryKey(ropeKeys.list(30, false))).toEqual({ kind: 'installation', id: 30 });
    expect(ownerOfQueryKey(['areas', 'detail', 4])).toEqual({ kind: 'area', id: 4 });
    expect(ownerOfQueryKey(['areas', 'list', null])).toBeNull();
    expect(ownerOfQueryKey(documentKeys.list({ kind: 'newest' }, null, 'de'))).toBeNull();
    expect(ownerOfQueryKey(['ropes', 'detail', 'x'])).toBeNull();
  });
});
