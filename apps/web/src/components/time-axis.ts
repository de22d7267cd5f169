const DAY_SECONDS = 86_400;

/**
 * The least room between two ticks of a time axis, in CSS pixels. uPlot's own 50 suits its English "Nov 2023"; a
 * month with its year in German, French or Spanish ("Sept. 2024", "févr. 2024") is about 65 px at its 12 px font, and
 * the loss chart's ticks three months apart ran into one another.
 */
export const TIME_TICK_SPACE = 80;

/**
 * Tick labels of a time axis in the user's language (uPlot's own are English): months for ticks a month or more
 * apart, days for ticks a day or more apart, times of day otherwise, with the day under the first tick and under
 * each tick that starts a new day. Ticks are epoch seconds; times are the browser's.
 */
export function timeTickLabels(locale: string, ticks: readonly number[], increment: number): string[] {
  if (increment >= 28 * DAY_SECONDS) {
    const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' });
    return ticks.map((tick) => month.format(tick * 1000));
  }
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  if (increment >= DAY_SECONDS) return ticks.map((tick) => day.format(tick * 1000));
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    ...(increment < 60 ? { second: '2-digit' } : {}),
  });
  let previousDay = '';
  return ticks.map((tick) => {
    const date = new Date(tick * 1000);
    const dayLabel = day.format(date);
    const label = dayLabel === previousDay ? time.format(date) : `${time.format(date)}\n${dayLabel}`;
    previousDay = dayLabel;
    return label;
  });
}
