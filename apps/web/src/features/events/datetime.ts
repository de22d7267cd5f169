const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the `datetime-local` input shows it, in the browser's time zone ('' when unreadable). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

/** The input's local text as an ISO instant; '' stays '' so the schema reports the field. */
export function fromLocalInput(local: string): string {
  if (local.trim() === '') return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** A calendar day (YYYY-MM-DD, UTC) `days` after the given instant's day. */
export function dayAfter(startIso: string, days: number): string {
  const start = Date.parse(`${startIso.slice(0, 10)}T00:00:00Z`);
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from the first instant's day to the second's (UTC), never negative. */
export function daysBetween(fromIso: string, toIso: string): number {
  const from = Date.parse(`${fromIso.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${toIso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.max(0, Math.round((to - from) / 86_400_000));
}
