import { describe, expect, it } from 'vitest';
import { CHART_RANGES, rangeStart } from './chart-ranges';
import { timeTickLabels } from './time-axis';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('time axis labels', () => {
  it('name months in the user language when ticks are a month apart', () => {
    const labels = timeTickLabels('de-DE', [at('2026-03-15T12:00:00Z')], 30 * 86_400);
    expect(labels[0]).toMatch(/März 2026|Mär 2026/);
  });

  // Noon of the browser's own day (no zone: local time): the day it names, in Zurich as in Auckland (UTC+13).
  it('name days when ticks are days apart', () => {
    expect(timeTickLabels('en-US', [at('2026-03-15T12:00:00')], 86_400)[0]).toBe('Mar 15');
  });

  it('give times of day, with the day under the first tick and where a new day starts', () => {
    const ticks = [at('2026-03-15T10:00:00'), at('2026-03-15T16:00:00'), at('2026-03-16T04:00:00')];
    const labels = timeTickLabels('en-GB', ticks, 6 * 3_600);
    expect(labels[0]).toBe('10:00\n15 Mar');
    expect(labels[1]).toBe('16:00');
    expect(labels[2]).toBe('04:00\n16 Mar');
  });
});

describe('range buttons', () => {
  it('count weeks and quarters back from now too', () => {
    const now = new Date('2026-06-15T12:00:00.000Z');
    expect(rangeStart('1W', now)?.toISOString()).toBe('2026-06-08T12:00:00.000Z');
    expect(rangeStart('3M', now)?.getMonth()).toBe(2);
    expect(CHART_RANGES.filter((range) => rangeStart(range, now) === undefined)).toEqual(['All']);
  });
});
