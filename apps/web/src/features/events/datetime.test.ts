import { describe, expect, it } from 'vitest';
import { dayAfter, daysBetween, fromLocalInput, toLocalInput } from './datetime';

describe('dates of the event form and the time slider', () => {
  it('shows an instant in the local input and reads it back', () => {
    const iso = '2025-03-04T05:06:00.000Z';
    expect(toLocalInput(iso)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('keeps empty and unreadable input empty', () => {
    expect(toLocalInput('nonsense')).toBe('');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('2025-13-45T99:99')).toBe('');
  });

  it('counts whole days and steps through them', () => {
    expect(daysBetween('2024-02-27T23:00:00Z', '2024-03-01T01:00:00Z')).toBe(3);
    expect(daysBetween('2024-03-01T00:00:00Z', '2024-02-01T00:00:00Z')).toBe(0);
    expect(dayAfter('2024-02-27T23:00:00Z', 2)).toBe('2024-02-29');
    expect(dayAfter('2024-02-27T23:00:00Z', 0)).toBe('2024-02-27');
  });
});
