import type { EventHistoryEntry } from '@rope/domain/events/views';
import { describe, expect, it } from 'vitest';
import { historyRows } from './history-diff';

const base = {
  timestamp: '2025-01-01T00:00:00.000Z',
  recordingType: 'damage' as const,
  type: 'wireBreak' as const,
  actionStatus: 'new' as const,
  isImported: false,
};
const entry = (action: string, position: number | null, attributes: Partial<EventHistoryEntry['attributes']> = {}) => ({
  timestamp: '2025-01-02T00:00:00.000Z',
  action,
  user: { name: 'Anna' },
  position,
  attributes: { ...base, ...attributes },
});

describe('event history', () => {
  it('lists what each save changed against the one before', () => {
    const rows = historyRows([
      entry('create', 10, { damageCount: 1, reportedBy: { name: 'A' } }),
      entry('update', 12, { damageCount: 1, reportedBy: { name: 'B' }, actionStatus: 'seen' }),
      entry('archive', 12, { damageCount: 1, reportedBy: { name: 'B' }, actionStatus: 'seen' }),
    ]);
    expect(rows[0]?.changes).toEqual([]);
    expect(rows[1]?.changes).toEqual([
      { field: 'position', before: 10, after: 12 },
      { field: 'actionStatus', before: 'new', after: 'seen' },
      { field: 'reportedBy', before: 'A', after: 'B' },
    ]);
    expect(rows[2]?.changes).toEqual([]);
  });

  it('compares splices as a whole', () => {
    const splice = { positionStart: 1, positionEnd: 2, parts: [] };
    const rows = historyRows([
      entry('create', null, { splices: [splice] }),
      entry('update', null, { splices: [{ ...splice, positionEnd: 3 }] }),
    ]);
    expect(rows[1]?.changes.map((change) => change.field)).toEqual(['splices']);
  });
});
