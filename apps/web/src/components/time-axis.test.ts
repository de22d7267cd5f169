import { describe, expect, it } from 'vitest';
import { CHART_RANGES, rangeStart } from './chart-ranges';
import { TIME_TICK_SPACE, timeTickLabels } from './time-axis';

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

  // uPlot draws the labels on a canvas at 12 px, where a character of a sans font is at most about 7 px wide: the
  // longest month (with its year) or day in each language must leave room between two ticks TIME_TICK_SPACE apart.
  it('leave room between the longest labels of every language', () => {
    const days = Array.from({ length: 12 }, (_, month) => Date.UTC(2024, month, 25) / 1000);
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'es-ES']) {
      const labels = [...timeTickLabels(locale, days, 30 * 86_400), ...timeTickLabels(locale, days, 86_400)];
      const longest = Math.max(...labels.map((label) => label.length));
      expect(longest * 7, `${locale}: ${labels.join(', ')}`).toBeLessThanOrEqual(TIME_TICK_SPACE - 8);
    }
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
